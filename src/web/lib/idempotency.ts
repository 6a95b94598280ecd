import { useState } from 'react';

/**
 * The header that makes a create call safe to send twice: the server answers a repeated key (per
 * user and company, for 24 hours) with the first request's result instead of creating again.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key. `crypto.randomUUID` exists only in a secure context (HTTPS or localhost), and the
 * console may be served over plain HTTP on a local network: there the key is a version 4 UUID
 * made from `getRandomValues`, which every context has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The keys of one form's submissions. A submission is what is sent: the same content sent again
 * (a double click, a retry after a lost answer or an error) is the same submission and carries the
 * same key, so the server creates it at most once; other content, or anything sent after a success,
 * is a new submission with a new key. (The server never keeps an error answer, so sending the same
 * key again after one runs the request again.)
 */
export interface SubmissionKeys {
  /** The key of sending `content` now. */
  keyFor(content: unknown): string;
  /** The submission of `key` succeeded: the next one gets a new key. */
  succeeded(key: string): void;
}

export function submissionKeys(newKey: () => string = newIdempotencyKey): SubmissionKeys {
  let current: { key: string; content: string } | null = null;
  return {
    keyFor(content) {
      const text = contentText(content);
      if (!current || current.content !== text) current = { key: newKey(), content: text };
      return current.key;
    },
    succeeded(key) {
      if (current?.key === key) current = null;
    },
  };
}

/** A comparable text of what a form sends: JSON, FormData (fields, and files by name, type, size, date). */
function contentText(content: unknown): string {
  return JSON.stringify(content, (_key, value: unknown) => {
    if (typeof FormData !== 'undefined' && value instanceof FormData)
      return {
        formData: Array.from(value.entries()).map(([name, v]) => [name, typeof v === 'string' ? v : fileText(v)]),
      };
    if (typeof Blob !== 'undefined' && value instanceof Blob) return fileText(value);
    return value;
  });
}

function fileText(file: Blob): string {
  const f = file as Blob & { name?: string; lastModified?: number };
  return `file:${f.name ?? ''}:${f.type}:${f.size}:${f.lastModified ?? ''}`;
}

/**
 * A create call that sends one Idempotency-Key per submission (see SubmissionKeys): wraps
 * `call(vars, key)` into `(vars) => Promise`, for a mutation's `mutationFn`. The keys live as long
 * as the component.
 */
export function useIdempotentCall<V, R>(call: (vars: V, key: string) => Promise<R>): (vars: V) => Promise<R> {
  const [keys] = useState(() => submissionKeys());
  return async (vars) => {
    const key = keys.keyFor(vars);
    const answer = await call(vars, key);
    keys.succeeded(key);
    return answer;
  };
}
