import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../connection.js';
import { keepPlannerStatistics } from './sqliteStatistics.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A SQLite file with a company-scoped table of `rows` rows, as the lists read them. */
function fileWithRows(rows: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-stats-'));
  dirs.push(dir);
  const file = path.join(dir, 'stats.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.exec(
    'create table items (id integer primary key, company_id integer not null, name text not null); create index items_company on items (company_id, id)',
  );
  sqlite
    .prepare(
      "with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) insert into items (company_id, name) select i % 20, printf('item %d', i) from n",
    )
    .run(rows);
  sqlite.close();
  return file;
}

const count = (sqlite: SqliteDatabase.Database, table: string) =>
  (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe('the planner statistics of a SQLite file', () => {
  it('analyses a table that was never analysed, keeping the averages and no samples', () => {
    const sqlite = new SqliteDatabase(fileWithRows(5000));
    keepPlannerStatistics(sqlite);
    const stat1 = sqlite.prepare("select idx, stat from sqlite_stat1 where tbl = 'items'").all() as {
      idx: string;
      stat: string;
    }[];
    expect(stat1.map((r) => r.idx)).toContain('items_company');
    // Rows of the index, rows per company (estimated within ANALYSIS_LIMIT: 250 in truth), rows per (company, id).
    expect(stat1.find((r) => r.idx === 'items_company')!.stat).toMatch(/^5000 \d+ 1$/);
    expect(count(sqlite, 'sqlite_stat4')).toBe(0);
    sqlite.close();
  });

  it('drops the samples a full ANALYZE left when the server opens the file, and the lists keep their index', async () => {
    const file = fileWithRows(5000);
    const before = new SqliteDatabase(file);
    before.exec('analyze');
    expect(count(before, 'sqlite_stat4')).toBeGreaterThan(0);
    before.close();

    const db = openDb(`sqlite:${file}`);
    await db.close();
    const after = new SqliteDatabase(file);
    expect(count(after, 'sqlite_stat4')).toBe(0);
    expect(count(after, 'sqlite_stat1')).toBeGreaterThan(0);
    const plan = after
      .prepare('explain query plan select id from items where company_id = ? order by id desc limit 10')
      .all(3) as { detail: string }[];
    expect(plan.map((r) => r.detail).join(' ')).toMatch(/USING (COVERING )?INDEX items_company/);
    after.close();
  });

  it('leaves a database without rows as it was', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-stats-'));
    dirs.push(dir);
    const sqlite = new SqliteDatabase(path.join(dir, 'empty.db'));
    expect(() => keepPlannerStatistics(sqlite)).not.toThrow();
    expect(sqlite.prepare("select name from sqlite_schema where name = 'sqlite_stat4'").get()).toBeUndefined();
    sqlite.close();
  });
});
