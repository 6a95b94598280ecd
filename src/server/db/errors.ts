/**
 * True when the database refused a write for a unique index: the last word on a uniqueness rule
 * when two requests pass its check at the same moment. Callers turn it into the same 422 as the
 * check (PostgreSQL 23505; SQLite SQLITE_CONSTRAINT_UNIQUE, or _PRIMARYKEY for a key).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
