import crypto from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openDb } from '../db/connection.js';
import { copyPgTemplate, type PgTemplate } from './pgTemplate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run of the API tests (globalSetup.ts): the middle part of every schema it makes. */
    testRun: string;
    /** The run's migrated schema to copy for each test app (pgTemplate.ts), when PostgreSQL is under test and pg_dump works. */
    pgTemplate: PgTemplate | null;
  }
}

/** Runs of the API tests that did not end (killed) leave their schemas: the next run drops those older than this. */
const STALE_RUN_SECONDS = 24 * 3600;

/** A new run's id: when it started (Unix seconds in base 36, six characters) and a random part. */
export const newTestRun = (now = Date.now()): string =>
  `${Math.floor(now / 1000).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

const SCHEMA = /^[tm]_([0-9a-z]{6})[0-9a-f]{4}_[0-9a-f]+$/;

/**
 * A schema of its own for a test file in TEST_DATABASE_URL's PostgreSQL (`t_` for an app, `m_` for a
 * migration's test), named for this run. It is not dropped when the file ends but when the run
 * does (dropRunSchemas): the files run side by side, and a drop of a schema of 60 tables under way
 * while another file reads the catalogue (anything that reads more than its own schema's) fails
 * that read with "schema … does not exist". The run's end is the one moment nobody reads.
 */
export async function createTestSchema(pgUrl: string, kind: 't' | 'm'): Promise<string> {
  const name = schemaName(kind);
  const admin = openDb(pgUrl);
  try {
    await admin.kysely.schema.createSchema(name).execute();
  } finally {
    await admin.close();
  }
  return name;
}

/** A new schema's name in run `run`: the form dropRunSchemas recognises. */
export const runSchemaName = (kind: 't' | 'm', run: string) =>
  `${kind}_${run}_${crypto.randomBytes(5).toString('hex')}`;

const schemaName = (kind: 't' | 'm') => runSchemaName(kind, inject('testRun'));

/**
 * A schema for a test app: a copy of the run's migrated template when there is one, else an empty
 * one (the harness migrates it either way: nothing is left to do on a copy).
 */
export async function createAppSchema(pgUrl: string): Promise<string> {
  const template = inject('pgTemplate');
  if (!template) return createTestSchema(pgUrl, 't');
  const name = schemaName('t');
  await copyPgTemplate(pgUrl, template, name);
  return name;
}

/**
 * Drops the schemas of run `run` and those of runs started more than a day before `now`: only names
 * of the form createTestSchema makes, never another schema of the database. Answers the dropped names.
 */
export async function dropRunSchemas(pgUrl: string, run: string, now = Date.now()): Promise<string[]> {
  const admin = openDb(pgUrl);
  try {
    const names = (await sql<{ name: string }>`select nspname as name from pg_namespace`.execute(admin.kysely)).rows
      .map((r) => r.name)
      .filter((name) => {
        const match = SCHEMA.exec(name);
        if (!match) return false;
        if (name.slice(2).startsWith(`${run}_`)) return true;
        return now / 1000 - parseInt(match[1], 36) > STALE_RUN_SECONDS;
      });
    for (const name of names) await admin.kysely.schema.dropSchema(name).ifExists().cascade().execute();
    return names;
  } finally {
    await admin.close();
  }
}
