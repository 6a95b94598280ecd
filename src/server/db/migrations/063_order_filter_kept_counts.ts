import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The orders list's kept counts also for the orders without an AWB (`no_awb:<bucket>`) and for the
 * orders of a flagged customer (`flagged:<bucket>`), beside every order, each status and each
 * invoice status (db/orderListCounts.ts keeps them from here on, in each write's transaction).
 * Counting them took seconds at a million orders: a third of a company's orders have no AWB. The
 * company's orders are counted once here, grouped; every bucket is written again from the rows in
 * shard 0 (the shards' sum is what is read).
 */
export const orderFilterKeptCounts: MigrationFactory = () => ({
  async up(db: AnyDb) {
    const flagged = sql`case when exists (select 1 from flags fl where fl.customer_id = o.customer_id) then 1 else 0 end`;
    const { rows } = await sql<{
      company_id: number;
      status: string;
      invoice_status: string;
      no_awb: number | string;
      flagged: number | string;
      n: number | string;
    }>`select company_id, status, invoice_status, no_awb, flagged, count(*) as n from (
        select o.company_id, o.status, o.invoice_status, case when o.awb is null then 1 else 0 end as no_awb, ${flagged} as flagged
        from orders o) s
      group by company_id, status, invoice_status, no_awb, flagged`.execute(db);
    const counts = new Map<string, number>();
    for (const r of rows) {
      const base = ['', r.status, `invoice_status:${r.invoice_status}`];
      const buckets = [
        ...base,
        ...(Number(r.no_awb) === 1 ? base.map((b) => `no_awb:${b}`) : []),
        ...(Number(r.flagged) === 1 ? base.map((b) => `flagged:${b}`) : []),
      ];
      for (const b of buckets) {
        const key = `${r.company_id}\u0000${b}`;
        counts.set(key, (counts.get(key) ?? 0) + Number(r.n));
      }
    }
    await db.deleteFrom('list_counts').where('list', '=', 'orders').execute();
    const values = [...counts].map(([key, n]) => {
      const [companyId, bucket] = key.split('\u0000');
      return { company_id: Number(companyId), list: 'orders', bucket, shard: 0, n };
    });
    for (let i = 0; i < values.length; i += 500)
      await db
        .insertInto('list_counts')
        .values(values.slice(i, i + 500))
        .execute();
  },
  async down(db: AnyDb) {
    await db
      .deleteFrom('list_counts')
      .where('list', '=', 'orders')
      .where((eb) => eb.or([eb('bucket', 'like', 'no_awb:%'), eb('bucket', 'like', 'flagged:%')]))
      .execute();
  },
});
