import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, runCommand } from '../cliCommands.js';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { openDb } from './connection.js';

/** The online backup of the SQLite file, taken while the app writes, and its restore (`npm run cli -- backup|restore`). */
describe('backup and restore of the SQLite database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-backup-'));
  const file = path.join(dir, 'app.db');
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ sqliteFile: file });
    u = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cli = (url: string, ...args: string[]) => runCommand(args, () => url);
  const product = (sku: string) => ({
    company_id: u.companyId,
    sku,
    name: `Produs ${sku}`,
    sale_type: 'Bucata',
    stock: 1,
    selling_price: 10,
    buying_price: 5,
    currency: 'RON',
  });
  const addProduct = async (sku: string) => {
    const res = await u.call('POST', '/api/v1/product', { body: product(sku) });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('a backup taken under writes holds every write acknowledged before it began, and restores whole', async () => {
    for (let i = 0; i < 20; i++) await addProduct(`BEFORE-${i}`);
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        const res = await u.call('POST', '/api/v1/product', { body: product(`DURING-${during}`) });
        if (res.statusCode !== 201) throw new Error(`a write during the backup failed: ${res.statusCode} ${res.body}`);
        during++;
      }
    })();
    const backupFile = path.join(dir, 'copy.db');
    const said = await cli(`sqlite:${file}`, 'backup', backupFile).finally(() => (writing = false));
    await writer;
    expect(said).toMatch(/^Backup of .* written to .*copy\.db/);
    expect(during).toBeGreaterThan(0);

    const restoredFile = path.join(dir, 'restored.db');
    expect(await cli(`sqlite:${restoredFile}`, 'restore', backupFile)).toMatch(/restored into/);
    const restored = openDb(`sqlite:${restoredFile}`);
    try {
      const skus = (
        await restored.kysely.selectFrom('products').select('sku').where('company_id', '=', u.companyId).execute()
      ).map((r) => r.sku);
      for (let i = 0; i < 20; i++) expect(skus).toContain(`BEFORE-${i}`);
      // One consistent state: the kept count agrees with the rows it counts.
      const kept = await restored.kysely
        .selectFrom('list_counts')
        .select('n')
        .where('company_id', '=', u.companyId)
        .where('list', '=', 'products')
        .executeTakeFirst();
      expect(Number(kept?.n)).toBe(skus.length);
      const users = await restored.kysely.selectFrom('users').select('email').execute();
      expect(users.map((r) => r.email)).toContain(u.email);
    } finally {
      await restored.close();
    }
  });

  it('refuses to overwrite a file, to restore what is not a backup of this application, and PostgreSQL', async () => {
    const taken = path.join(dir, 'taken.db');
    fs.writeFileSync(taken, 'x');
    expect(await cli(`sqlite:${file}`, 'backup', taken).catch((e: unknown) => e)).toBeInstanceOf(CliError);
    const notOurs = path.join(dir, 'other.db');
    const other = openDb(`sqlite:${notOurs}`);
    await other.kysely.schema.createTable('x').addColumn('a', 'integer').execute();
    await other.close();
    const err = await cli(`sqlite:${path.join(dir, 'target.db')}`, 'restore', notOurs).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as Error).message).toMatch(/not a backup of this application/);
    const pg = await cli('postgres://u:p@localhost/db', 'backup', path.join(dir, 'pg.db')).catch((e: unknown) => e);
    expect((pg as Error).message).toMatch(/pg_dump/);
  });
});
