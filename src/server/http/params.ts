import { z } from 'zod';
import { MAX_ID } from '../../core/validation.js';

/**
 * An id as a path or the X-Company-ID header writes it: canonical decimal only (no sign, no
 * leading zero, no spaces, no `0x10`, `1e1` or `7.0`) and at most 2,147,483,647, the 32-bit
 * columns the ids live in. `Number()` reads all those other forms as some id, so
 * `DELETE /company/0x10` deleted company 16; one written form per id leaves no such surprise.
 */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id a text writes canonically, or null (anything else, or beyond 32 bits). */
export function canonicalId(text: unknown): number | null {
  if (typeof text !== 'string' || !CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** A path's id: a non-canonical one answers 422 on its field, as an id beyond 32 bits always did. */
export const pathId = () =>
  z.string().transform((text, ctx) => {
    const id = canonicalId(text);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return id;
  });

/** The `{id}` of a resource path. */
export const idParam = z.object({ id: pathId() });
