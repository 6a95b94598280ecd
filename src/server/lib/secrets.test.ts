import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets.js';

const appKey = crypto.randomBytes(32).toString('base64');

describe('secretBox', () => {
  it('seals so that the text does not show and opens it back', () => {
    const box = secretBox(appKey);
    const sealed = box.seal('{"password":"Parola-Secretă-1"}', 'company:1:cargus');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('Parola');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('Parola');
    expect(box.open(sealed, 'company:1:cargus')).toBe('{"password":"Parola-Secretă-1"}');
  });

  it('uses a fresh IV each time: the same text seals differently', () => {
    const box = secretBox(appKey);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('does not open with another app key, another context, or after a change', () => {
    const sealed = secretBox(appKey).seal('token', 'company:1:cargus');
    expect(() => secretBox(crypto.randomBytes(32).toString('base64')).open(sealed, 'company:1:cargus')).toThrow();
    expect(() => secretBox(appKey).open(sealed, 'company:2:cargus')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => secretBox(appKey).open(`v1.${bytes.toString('base64url')}`, 'company:1:cargus')).toThrow();
    expect(() => secretBox(appKey).open('plain text')).toThrow();
  });

  it('still refuses another context or a changed value once it opened the value (opened values are kept)', () => {
    const box = secretBox(appKey);
    const sealed = box.seal('token', 'company:1:cargus');
    expect(box.open(sealed, 'company:1:cargus')).toBe('token');
    expect(box.open(sealed, 'company:1:cargus')).toBe('token');
    expect(() => box.open(sealed, 'company:2:cargus')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1.${bytes.toString('base64url')}`, 'company:1:cargus')).toThrow();
    expect(() => box.open(sealed, 'company:1:cargus\n')).toThrow();
  });

  it('refuses an empty app key', () => {
    expect(() => secretBox('')).toThrow(/APP_KEY/);
  });
});
