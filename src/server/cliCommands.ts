import { parseArgs } from 'node:util';
import { z } from 'zod';
import { backupSqlite, restoreSqlite, sqliteFileOf } from './db/backup.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo, isEmpty } from './seed/index.js';
import { hashPassword } from './lib/passwords.js';
import { systemClock, type Clock } from './lib/clock.js';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --email E --password P --first-name F --last-name L
  user:add-to-company --email E --company-id N
  db:migrate
  db:seed            (adds the demo data; refuses a database that already has users)
  backup <file>      (SQLite: a consistent copy of the database, taken while the server runs)
  restore <file>     (SQLite: puts a backup in place of the database; stop the server first)

Every command uses DATABASE_URL (default sqlite:./data/app.db) and migrates it first.`;

/** A refusal the user can act on: printed as "Error: …" with exit status 1. */
export class CliError extends Error {}

/**
 * Runs one command against the database of databaseUrl() (asked only when a command needs it, so
 * `--help` touches nothing) and answers what to print. A refusal throws CliError. Kept apart from
 * the entry point (cli.ts) so that tests call it in process. Times come from `clock`.
 */
export async function runCommand(
  argv: string[],
  databaseUrl: () => string,
  clock: Clock = systemClock,
): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') return USAGE;
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest, databaseUrl());
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'company-id': { type: 'string' },
    },
    strict: true,
  });
  const db = openDb(databaseUrl());
  try {
    await migrateToLatest(db);
    switch (command) {
      case 'db:migrate':
        return 'Database is up to date.';
      case 'db:seed':
        if (!(await isEmpty(db)))
          throw new CliError('The database already has users: the demo data is only added to an empty database.');
        await seedDemo(db, clock);
        return 'Demo data added.';
      case 'user:create': {
        const input = z
          .object({
            email: z.email(),
            password: z.string().min(8),
            'first-name': z.string().trim().min(1),
            'last-name': z.string().trim().min(1),
          })
          .safeParse(values);
        if (!input.success)
          throw new CliError(input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
        const email = input.data.email.toLowerCase();
        const exists = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        if (exists) throw new CliError(`A user with the email ${email} already exists.`);
        const row = await db.kysely
          .insertInto('users')
          .values({
            email,
            password_hash: await hashPassword(input.data.password),
            first_name: input.data['first-name'],
            last_name: input.data['last-name'],
            created_at: clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return `User ${email} created (id ${row.id}). Add them to a company with user:add-to-company.`;
      }
      case 'user:add-to-company': {
        const companyId = Number(values['company-id']);
        if (!values.email || !Number.isInteger(companyId) || companyId <= 0)
          throw new CliError('Give --email and a numeric --company-id.');
        const user = await db.kysely
          .selectFrom('users')
          .select('id')
          .where('email', '=', values.email.toLowerCase())
          .executeTakeFirst();
        if (!user) throw new CliError(`No user with the email ${values.email}.`);
        const company = await db.kysely
          .selectFrom('companies')
          .select(['id', 'name'])
          .where('id', '=', companyId)
          .executeTakeFirst();
        if (!company) throw new CliError(`No company with id ${companyId}.`);
        const member = await db.kysely
          .selectFrom('company_users')
          .select('user_id')
          .where('user_id', '=', user.id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        if (member) return `${values.email} already belongs to ${company.name}.`;
        await db.kysely.insertInto('company_users').values({ user_id: user.id, company_id: companyId }).execute();
        return `${values.email} now belongs to ${company.name}.`;
      }
      default:
        throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

/**
 * `backup <file>` and `restore <file>` of the SQLite database; before the database is opened and
 * migrated, so a restored backup of an older version is migrated by the next start, not before.
 */
async function backupOrRestore(command: 'backup' | 'restore', args: string[], databaseUrl: string): Promise<string> {
  const file = args[0];
  if (!file || args.length > 1) throw new CliError(`Give one file: npm run cli -- ${command} <file>`);
  const database = sqliteFileOf(databaseUrl);
  if (!database)
    throw new CliError(
      `${command} copies a SQLite file. For PostgreSQL use pg_dump -Fc (backup) and pg_restore --clean (restore): see the README.`,
    );
  try {
    if (command === 'backup') {
      const bytes = await backupSqlite(database, file);
      return `Backup of ${database} written to ${file} (${Math.round(bytes / 1024)} KB).`;
    }
    await restoreSqlite(file, database);
    return `${file} restored into ${database}. Start the server: it migrates the database if the backup is older.`;
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
}
