import type { z } from 'zod';
import { translate, type Lang } from './messages.js';

/*
 * Zod issues as translated messages per field. Apart from validation.ts (which re-exports it) so the
 * web app's forms can show a schema's errors without the sign-in page downloading Zod itself: this
 * module uses Zod's types only.
 */

export type FieldErrors = Record<string, string[]>;

/** Zod issues as `{ field: [message] }`, translated. Unknown messages fall back by issue code. */
export function fieldErrors(error: z.ZodError, lang: Lang): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    const text = issueText(issue, lang);
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}

function issueText(issue: z.core.$ZodIssue, lang: Lang): string {
  const i = issue as z.core.$ZodIssue & {
    minimum?: number | bigint;
    maximum?: number | bigint;
    values?: unknown[];
    origin?: string;
    input?: unknown;
  };
  const params = { min: Number(i.minimum ?? 0), max: Number(i.maximum ?? 0), options: (i.values ?? []).join(', ') };
  if (issue.code === 'invalid_value') return translate(lang, 'one_of', params);
  if (issue.code === 'too_big' && i.origin === 'string') return translate(lang, 'too_long', params);
  const key = issue.message;
  const known = translate(lang, key, params);
  if (known !== key) return known;
  if (issue.code === 'invalid_type') return translate(lang, i.input === undefined ? 'required' : 'invalid', params);
  if (issue.code === 'too_small') return translate(lang, 'min', params);
  if (issue.code === 'too_big') return translate(lang, 'max', params);
  return translate(lang, 'invalid', params);
}
