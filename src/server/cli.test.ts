import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './db/connection.js';

// The CLI is exercised as a user runs it, against a SQLite file of its own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cli-'));
const databaseUrl = `sqlite:${path.join(dir, 'cli.db')}`;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('command line', () => {
  it('migrates a new database', () => {
    const r = cli('db:migrate');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/up to date/);
  });

  it('creates a user in no company, refuses a duplicate email and bad input', async () => {
    const ok = cli('user:create', '--email', 'Ioana@Firma.ro', '--password', 'parola-123', '--first-name', 'Ioana', '--last-name', 'Pop');
    expect(ok.status).toBe(0);
    const dup = cli('user:create', '--email', 'ioana@firma.ro', '--password', 'parola-123', '--first-name', 'I', '--last-name', 'P');
    expect(dup.status).toBe(1);
    expect(dup.err).toMatch(/already exists/);
    const bad = cli('user:create', '--email', 'nu-e-email', '--password', 'x');
    expect(bad.status).toBe(1);
    expect(bad.err).toMatch(/--email/);
    const db = openDb(databaseUrl);
    const user = await db.kysely.selectFrom('users').selectAll().where('email', '=', 'ioana@firma.ro').executeTakeFirstOrThrow();
    const memberships = await db.kysely.selectFrom('company_users').selectAll().where('user_id', '=', user.id).execute();
    await db.close();
    expect(user.first_name).toBe('Ioana');
    expect(memberships).toEqual([]);
  });

  it('seeds an empty database once, then adds a user to a company', async () => {
    expect(cli('db:seed').status).toBe(1); // a user exists already
    const db = openDb(databaseUrl);
    const now = Math.floor(Date.now() / 1000);
    const company = await db.kysely
      .insertInto('companies')
      .values({ name: 'Firma SRL', vat_number: 'RO14399840', vat_payer: 1, administrator_name: 'A', active: 1, address: null, city: null, county: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.close();
    const add = cli('user:add-to-company', '--email', 'ioana@firma.ro', '--company-id', String(company.id));
    expect(add.status).toBe(0);
    expect(add.out).toMatch(/now belongs to Firma SRL/);
    expect(cli('user:add-to-company', '--email', 'ioana@firma.ro', '--company-id', '999').status).toBe(1);
    expect(cli('user:add-to-company', '--email', 'nimeni@firma.ro', '--company-id', String(company.id)).status).toBe(1);
    expect(cli('no:such-command').status).toBe(1);
  });
});
