import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { stornoAllowed } from '../core/api/invoices.js';
import { CliError, runCommand, USAGE } from './cliCommands.js';
import { openDb } from './db/connection.js';
import { secretBox } from './lib/secrets.js';
import { sealContext } from './modules/integrations/providerAccess.js';

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

  it('app-key:rotate re-seals every stored login from the old key to the new one, all or nothing, printing no secret', async () => {
    const oldKey = crypto.randomBytes(32).toString('base64');
    const newKey = crypto.randomBytes(32).toString('base64');
    const logins: [string, number, string][] = [
      ['cargus', 1, '{"username":"ana","password":"Parola-Cargus-1","api_key":"cheie-9"}'],
      ['smartbill', 4, '{"username":"ana@firma.ro","token":"Token-SmartBill-2"}'],
    ];
    const db = openDb(databaseUrl);
    const now = Math.floor(Date.now() / 1000);
    const companyIds: number[] = [];
    for (const name of ['Alfa SRL', 'Beta SRL']) {
      const c = await db.kysely
        .insertInto('companies')
        .values({
          name,
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
      companyIds.push(c.id);
      for (const [key, integrationId, plain] of logins)
        await db.kysely
          .insertInto('company_integrations')
          .values({
            company_id: c.id,
            integration_id: integrationId,
            credentials: secretBox(oldKey).seal(plain, sealContext(c.id, key)),
            configuration: null,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
    }
    const stored = () =>
      db.kysely
        .selectFrom('company_integrations as ci')
        .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
        .select(['ci.company_id', 'i.key', 'ci.credentials', 'ci.updated_at'])
        .where('ci.company_id', 'in', companyIds)
        .orderBy('ci.id')
        .execute();
    const before = await stored();
    const rotate = (...args: string[]) =>
      runCommand(
        ['app-key:rotate', ...args],
        () => databaseUrl,
        undefined,
        () => null,
      );

    // Refused before anything is read: no old key, no new key, a new key that is not a key, the same key.
    expect(await refusal('app-key:rotate', '--new-key', newKey)).toMatch(/Give --old-key/);
    await expect(rotate('--old-key', oldKey)).rejects.toThrow(/Give --new-key, or set APP_KEY/);
    await expect(rotate('--old-key', oldKey, '--new-key', 'parola')).rejects.toThrow(/at least 32 random bytes/);
    await expect(rotate('--old-key', newKey, '--new-key', newKey)).rejects.toThrow(/is the old key/);
    // A wrong old key: every login named, nothing written.
    const wrong = await rotate('--old-key', crypto.randomBytes(32).toString('base64'), '--new-key', newKey).catch(
      (e: unknown) => e as Error,
    );
    expect(wrong).toBeInstanceOf(CliError);
    expect((wrong as Error).message).toMatch(/^4 stored logins did not open with the old key \(company \d+ Cargus, /);
    expect((wrong as Error).message).toMatch(/nothing was re-sealed/);
    expect(await stored()).toEqual(before);

    // One value that opens with no key stops the whole rotation: the others stay as they were.
    await db.kysely
      .updateTable('company_integrations')
      .set({ credentials: 'v1.stricat' })
      .where('company_id', '=', companyIds[1])
      .where('integration_id', '=', 4)
      .execute();
    const spoilt = await refusal('app-key:rotate', '--old-key', oldKey, '--new-key', newKey);
    expect(spoilt).toBe(
      `1 stored login did not open with the old key (company ${companyIds[1]} SmartBill): nothing was re-sealed. ` +
        'Check --old-key; a login that opens with no key must be entered again in its set-up (or the set-up deleted).',
    );
    expect((await stored()).slice(0, 3)).toEqual(before.slice(0, 3));
    await db.kysely
      .updateTable('company_integrations')
      .set({ credentials: before[3].credentials })
      .where('company_id', '=', companyIds[1])
      .where('integration_id', '=', 4)
      .execute();

    const out = await cli('app-key:rotate', '--old-key', oldKey, '--new-key', newKey);
    expect(out).toMatch(/^Re-sealed 4 stored logins of 2 companies with the new app key\. Now start every instance/);
    for (const secret of [oldKey, newKey, 'Parola-Cargus-1', 'Token-SmartBill-2']) expect(out).not.toContain(secret);
    const after = await stored();
    for (const [i, row] of after.entries()) {
      const context = sealContext(row.company_id, row.key);
      expect(row.credentials).not.toBe(before[i].credentials);
      expect(row.updated_at).toBe(before[i].updated_at);
      expect(secretBox(newKey).open(row.credentials!, context)).toBe(logins.find(([k]) => k === row.key)![2]);
      expect(() => secretBox(oldKey).open(row.credentials!, context)).toThrow();
    }

    // Run twice: the logins already open with the new key, and the refusal says so.
    expect(await refusal('app-key:rotate', '--old-key', oldKey, '--new-key', newKey)).toMatch(
      /4 of them already open with the new key: was the rotation already run\?/,
    );
    // Without --new-key, to the current app key (APP_KEY or DATA_DIR/app.key) and back.
    const third = crypto.randomBytes(32).toString('base64');
    expect(
      await runCommand(
        ['app-key:rotate', '--old-key', newKey],
        () => databaseUrl,
        undefined,
        () => third,
      ),
    ).toMatch(/^Re-sealed 4 stored logins of 2 companies with the new app key\. They open with the current app key/);
    const last = await stored();
    await db.close();
    expect(secretBox(third).open(last[0].credentials!, sealContext(last[0].company_id, last[0].key))).toBe(
      logins[0][2],
    );
  });

  it("invoice:age makes the order's invoice old enough for a storno; refuses an order without one", async () => {
    await cli('db:migrate');
    const db = openDb(databaseUrl);
    const now = Math.floor(Date.now() / 1000);
    try {
      const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const id = async (table: string, values: Record<string, unknown>) =>
        ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
      const company = await id('companies', {
        name: 'Storno SRL',
        vat_number: 'RO1',
        vat_payer: 0,
        administrator_name: 'A',
        active: 1,
        created_at: now,
        updated_at: now,
      });
      const customer = await id('customers', { phone_number: '+40740000009', created_at: now, updated_at: now });
      const order = (invoice_status: string) =>
        id('orders', {
          company_id: company,
          customer_id: customer,
          status: 'new',
          invoice_status,
          value: 100,
          discount: 0,
          shipping_cost: 0,
          client_shipping_cost: 0,
          total_value: 100,
          created_at: now,
          updated_at: now,
        });
      const invoiced = await order('issued');
      const invoice = await id('invoices', {
        company_id: company,
        order_id: invoiced,
        kind: 'invoice',
        state: 'issued',
        series: 'FCT',
        number: '0001',
        total: 100,
        client: '{}',
        created_at: now,
        issued_at: now,
        updated_at: now,
      });
      expect(stornoAllowed(now, now + 60)).toBe(false);
      expect(await cli('invoice:age', String(invoiced))).toBe(
        `Invoice FCT 0001 of order ${invoiced} now counts as issued more than a day ago: it can be reversed (storno).`,
      );
      const row = await db.kysely
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', invoice)
        .executeTakeFirstOrThrow();
      expect(stornoAllowed(Number(row.updated_at), now)).toBe(true);
      expect(Number(row.issued_at)).toBe(Number(row.updated_at));

      const plain = await order('none');
      expect(await refusal('invoice:age', String(plain))).toBe(`Order ${plain} has no issued invoice.`);
      expect(await refusal('invoice:age')).toBe('Give the order id: invoice:age <order id>.');
      expect(await refusal('invoice:age', 'abc')).toBe('Give the order id: invoice:age <order id>.');
    } finally {
      await db.close();
    }
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
