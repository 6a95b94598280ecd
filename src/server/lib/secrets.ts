import crypto from 'node:crypto';

/**
 * Secrets at rest (provider passwords, tokens, API keys): AES-256-GCM with a key derived from the
 * app key by HKDF-SHA256, so the app key itself never encrypts anything and this key cannot stand
 * for the image-link key or any other use of APP_KEY.
 *
 * A sealed value is `v1.<base64url(iv | tag | ciphertext)>`: a fresh 96-bit IV per seal, the 128-bit
 * GCM tag proves the text was not changed. The optional `context` (additional authenticated data)
 * binds a sealed value to where it is stored (e.g. a company and a provider), so a value copied into
 * another row does not open there.
 */
export interface SecretBox {
  seal(plain: string, context?: string): string;
  /** Throws when the value was not sealed with this app key and context (or was changed). */
  open(sealed: string, context?: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** At most this many opened values are kept (a server's companies' logins). */
const MAX_OPENED = 10_000;

export function secretBox(appKey: string): SecretBox {
  if (!appKey) throw new Error('APP_KEY is empty: secrets cannot be encrypted');
  const key = Buffer.from(
    crypto.hkdfSync('sha256', Buffer.from(appKey, 'utf8'), Buffer.alloc(0), 'seller-console secrets v1', 32),
  );
  /**
   * Values opened, by context and sealed text: GCM's tag proves a sealed text opens to one plain
   * text only, so a value seen before is answered without the cipher (every AWB create opens its
   * courier login). A value that does not
   * open is never kept: it throws every time.
   */
  const opened = new Map<string, string>();
  return {
    seal(plain, context = '') {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context = '') {
      const kept = opened.get(`${context}\n${sealed}`);
      if (kept !== undefined) return kept;
      const plain = openOnce(sealed, context);
      if (opened.size >= MAX_OPENED) opened.delete(opened.keys().next().value!);
      opened.set(`${context}\n${sealed}`, plain);
      return plain;
    },
  };
  function openOnce(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.', 2);
    if (version !== VERSION || !payload) throw new Error('not a sealed secret');
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
