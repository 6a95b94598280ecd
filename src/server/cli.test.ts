import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, runCommand, USAGE } from './cliCommands.js';
import { openDb } from './db/connection.js';

// The commands run in process against a SQLite file of their own (fast and steady under load); one
// real spawn below proves the entry point (`npm run cli`) prints the refusal and exits with status 1.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cli-'));
const databaseUrl = `sqlite:${path.join(dir, 'cli.db')}`;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCommand(args, () => databaseUrl);
const refusal = async (...args: string[]): Promise<string> => {
  const err = await cli(...args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, args.join(' ')).toBeInstanceOf(Error);
  return (err as Error).message;
};

describe('command line', () => {
  it('answers the usage without touching a database', async () => {
    let asked = false;
    expect(await runCommand(['--help'], () => ((asked = true), databaseUrl))).toBe(USAGE);
    expect(asked).toBe(false);
  });

  it('migrates a new database', async () => {
    expect(await cli('db:migrate')).toMatch(/up to date/);
  });

  it('creates a user in no company, refuses a duplicate email and bad input', async () => {
    expect(
      await cli(
        'user:create',
        '--email',
        'Ioana@Firma.ro',
        '--password',
        'parola-123',
        '--first-name',
        'Ioana',
        '--last-name',
        'Pop',
      ),
    ).toMatch(/User ioana@firma.ro created/);
    expect(
      await refusal(
        'user:create',
        '--email',
        'ioana@firma.ro',
        '--password',
        'parola-123',
        '--first-name',
        'I',
        '--last-name',
        'P',
      ),
    ).toMatch(/already exists/);
    expect(await refusal('user:create', '--email', 'nu-e-email', '--password', 'x')).toMatch(/--email/);
    const db = openDb(databaseUrl);
    const user = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ioana@firma.ro')
      .executeTakeFirstOrThrow();
    const memberships = await db.kysely
      .selectFrom('company_users')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    await db.close();
    expect(user.first_name).toBe('Ioana');
    expect(memberships).toEqual([]);
  });

  it('seeds an empty database once, then adds a user to a company', async () => {
    expect(await refusal('db:seed')).toMatch(/already has users/);
    const db = openDb(databaseUrl);
    const now = Math.floor(Date.now() / 1000);
    const company = await db.kysely
      .insertInto('companies')
      .values({
        name: 'Firma SRL',
        vat_number: 'RO14399840',
        vat_payer: 1,
        administrator_name: 'A',
        active: 1,
        address: null,
        city: null,
        county: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.close();
    expect(await cli('user:add-to-company', '--email', 'ioana@firma.ro', '--company-id', String(company.id))).toMatch(
      /now belongs to Firma SRL/,
    );
    expect(await cli('user:add-to-company', '--email', 'ioana@firma.ro', '--company-id', String(company.id))).toMatch(
      /already belongs/,
    );
    expect(await refusal('user:add-to-company', '--email', 'ioana@firma.ro', '--company-id', '999')).toMatch(
      /No company with id 999/,
    );
    expect(
      await refusal('user:add-to-company', '--email', 'nimeni@firma.ro', '--company-id', String(company.id)),
    ).toMatch(/No user/);
    expect(await refusal('no:such-command')).toMatch(/Unknown command/);
    await expect(cli('no:such-command')).rejects.toBeInstanceOf(CliError);
  });

  it('the entry point prints a refusal as "Error: …" and exits with status 1 (one real process)', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli.ts',
        'user:create',
        '--email',
        'ioana@firma.ro',
        '--password',
        'parola-123',
        '--first-name',
        'I',
        '--last-name',
        'P',
      ],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.stderr).toMatch(/^Error: A user with the email ioana@firma.ro already exists\./m);
    expect(r.status).toBe(1);
  }, 60_000);
});
