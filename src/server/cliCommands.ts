import { parseArgs } from 'node:util';
import { z } from 'zod';
import { backupSqlite, restoreSqlite, sqliteFileOf } from './db/backup.js';
import { openDb, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo, isEmpty } from './seed/index.js';
import { hashPassword } from './lib/passwords.js';
import { systemClock, type Clock } from './lib/clock.js';
import { secretBox } from './lib/secrets.js';
import { CredentialsNotSealedWithKey, resealCredentials, type ResealReport } from './modules/integrations/index.js';
import { resealIntakeKeys } from './modules/sources/index.js';
import { ageInvoiceForDemo } from './modules/invoices/index.js';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --email E --password P --first-name F --last-name L
  user:add-to-company --email E --company-id N
  db:migrate
  db:seed            (adds the demo data; refuses a database that already has users)
  backup <file>      (SQLite: a consistent copy of the database, taken while the server runs)
  restore <file>     (SQLite: puts a backup in place of the database; stop the server first)
  invoice:age <order id>
                     (for trying a storno in the demo: the order's invoice counts as issued a day
                      and a minute ago; the document at SmartBill keeps its date)
  app-key:rotate --old-key K [--new-key K]
                     (re-seals every company's stored provider logins from the old app key to the
                      new one, by default the current APP_KEY or data/app.key; all or nothing)

Every command uses DATABASE_URL (default sqlite:./data/app.db) and migrates it first.`;

/** A refusal the user can act on: printed as "Error: …" with exit status 1. */
export class CliError extends Error {}

/**
 * Runs one command against the database of databaseUrl() (asked only when a command needs it, so
 * `--help` touches nothing) and answers what to print. A refusal throws CliError. Kept apart from
 * the entry point (cli.ts) so that tests call it in process. Times come from `clock`;
 * `currentAppKey` is the key the server would start with (null when there is none yet).
 */
export async function runCommand(
  argv: string[],
  databaseUrl: () => string,
  clock: Clock = systemClock,
  currentAppKey: () => string | null = () => null,
): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') return USAGE;
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, rest, databaseUrl());
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: command === 'invoice:age',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'company-id': { type: 'string' },
      'old-key': { type: 'string' },
      'new-key': { type: 'string' },
    },
    strict: true,
  });
  // Checked before the database is opened: a refused rotation touches nothing.
  const keys = command === 'app-key:rotate' ? rotationKeys(values, currentAppKey) : null;
  const db = openDb(databaseUrl());
  try {
    await migrateToLatest(db);
    switch (command) {
      case 'db:migrate':
        return 'Database is up to date.';
      case 'invoice:age': {
        const id = z.coerce.number().int().positive().safeParse(positionals[0]);
        if (positionals.length !== 1 || !id.success) throw new CliError('Give the order id: invoice:age <order id>.');
        const bill = await ageInvoiceForDemo(db.kysely, id.data);
        if (!bill) throw new CliError(`Order ${id.data} has no issued invoice.`);
        return `Invoice ${bill} of order ${id.data} now counts as issued more than a day ago: it can be reversed (storno).`;
      }
      case 'db:seed':
        if (!(await isEmpty(db)))
          throw new CliError('The database already has users: the demo data is only added to an empty database.');
        {
          // The key the server will open the demo's secrets with (none yet: that part of the demo is left out).
          const appKey = currentAppKey();
          await seedDemo(db, clock, appKey ? secretBox(appKey) : undefined);
        }
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
      case 'app-key:rotate':
        return await rotateAppKey(db, keys!);
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
interface RotationKeys {
  oldKey: string;
  newKey: string;
  /** The new key came from --new-key: the servers must be given it. */
  given: boolean;
}

/** A new app key as the README asks for: at least 32 random bytes written in base64 (`openssl rand -base64 32`). */
function isBase64Key(key: string): boolean {
  const bytes = Buffer.from(key, 'base64');
  return bytes.length >= 32 && bytes.toString('base64') === key;
}

/**
 * The two keys of `app-key:rotate`. The old one is whatever the logins were sealed with (any text
 * APP_KEY held); a new one given on the command line must be a real key, so that a typo is not
 * what every login ends up sealed with. No key is ever printed.
 */
function rotationKeys(values: Record<string, unknown>, currentAppKey: () => string | null): RotationKeys {
  const oldKey = typeof values['old-key'] === 'string' ? values['old-key'] : '';
  if (!oldKey)
    throw new CliError('Give --old-key: the app key the stored credentials were sealed with (the former APP_KEY).');
  const given = typeof values['new-key'] === 'string';
  const newKey = given ? (values['new-key'] as string) : currentAppKey();
  if (!newKey)
    throw new CliError(
      'Give --new-key, or set APP_KEY (or DATA_DIR/app.key) to the new key: there is no current app key to re-seal to.',
    );
  if (given && !isBase64Key(newKey))
    throw new CliError(
      '--new-key must be at least 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`.',
    );
  if (newKey === oldKey)
    throw new CliError(
      given
        ? '--new-key is the old key: nothing to re-seal.'
        : 'The current app key is the old key: give --new-key, or set APP_KEY to the new key first.',
    );
  return { oldKey, newKey, given };
}

/**
 * Re-seals every stored provider login from the old app key to the new one (integrations'
 * `resealCredentials`: one transaction, nothing written unless every value opens with the old key).
 */
async function rotateAppKey(db: Db, keys: RotationKeys): Promise<string> {
  let report: ResealReport;
  try {
    report = await resealCredentials(db, secretBox(keys.oldKey), secretBox(keys.newKey));
  } catch (err) {
    if (!(err instanceof CredentialsNotSealedWithKey)) throw err;
    const listed = err.unreadable.map((u) => `company ${u.companyId} ${u.provider}`).join(', ');
    const again =
      err.openWithNewKey > 0
        ? ` ${err.openWithNewKey} of them already open with the new key: was the rotation already run?`
        : '';
    throw new CliError(
      `${plural(err.unreadable.length, 'stored login')} did not open with the old key (${listed}): nothing was re-sealed.` +
        `${again} Check --old-key; a login that opens with no key must be entered again in its set-up (or the set-up deleted).`,
    );
  }
  const done = `Re-sealed ${plural(report.resealed, 'stored login')} of ${plural(report.companies, 'company', 'companies')} with the new app key.`;
  // The sources' intake keys are secrets of the same box: they move with the logins.
  const intake = await resealIntakeKeys(db, secretBox(keys.oldKey), secretBox(keys.newKey));
  const keysToo =
    intake.resealed + intake.unreadable === 0
      ? ''
      : ` The sources' intake keys: ${intake.resealed} re-sealed${intake.unreadable ? `, ${intake.unreadable} that opened with no key left as they are (make a new key on those sources)` : ''}.`;
  return keys.given
    ? `${done} Now start every instance with APP_KEY set to the new key (or write it to DATA_DIR/app.key).${keysToo}`
    : `${done} They open with the current app key; restart any instance still running with the old one.${keysToo}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
