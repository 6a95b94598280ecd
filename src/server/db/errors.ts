/**
 * True when the database refused a write for a unique index: the last word on a uniqueness rule
 * when two requests pass its check at the same moment. Callers turn it into the same 422 as the
 * check (PostgreSQL 23505; SQLite SQLITE_CONSTRAINT_UNIQUE, or _PRIMARYKEY for a key).
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when PostgreSQL ended the transaction to break a deadlock (40P01): nothing of it was kept,
 * so running it again is safe. SQLite runs one transaction at a time and never says it.
 */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '40P01';
}
