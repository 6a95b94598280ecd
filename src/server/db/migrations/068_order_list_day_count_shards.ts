import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The per-day kept counts of the orders list (`order_list_day_counts`, migration 064) without one
 * hot row: every order a company creates on a day with one courier, status and invoice status
 * moved through the same row, so on PostgreSQL concurrent order writes (AWB creates of a bulk job)
 * queued on its lock until each other's commit. A row is now one `shard` of its key, as
 * `list_counts` is since migration 045: a PostgreSQL connection writes its own shard (the session
 * setting `app.list_count_shard`, db/listCounts.ts `countShard`), so transactions running at the
 * same time write different rows, each still exact in its writing transaction. A reader sums the
 * shards: the count is the sum of their `orders`, the ids lie between the least `min_id` and the
 * greatest `max_id` (each shard's bounds hold the ids that entered it; a shard's count may go below
 * zero when an order counted in one shard leaves through another, the sum stays right).
 *
 * The existing rows become shard 0, unchanged. SQLite has one writer at a time and keeps shard 0;
 * it cannot change a primary key in place, so its table (WITHOUT ROWID, the key is the table) is
 * built again with the rows copied.
 */
export const orderListDayCountShards: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`alter table order_list_day_counts add column shard smallint not null default 0`.execute(db);
      await sql`alter table order_list_day_counts drop constraint order_list_day_counts_pk`.execute(db);
      await sql`alter table order_list_day_counts add constraint order_list_day_counts_pk
        primary key (company_id, day, courier, status, invoice_status, shard)`.execute(db);
      return;
    }
    await sql`create table order_list_day_counts_sharded (
      company_id integer not null references companies (id) on delete cascade,
      day varchar(10) not null,
      courier varchar(30) not null,
      status varchar(30) not null,
      invoice_status varchar(30) not null,
      shard integer not null default 0,
      orders integer not null,
      min_id integer not null,
      max_id integer not null,
      constraint order_list_day_counts_pk primary key (company_id, day, courier, status, invoice_status, shard)
    ) without rowid`.execute(db);
    await sql`insert into order_list_day_counts_sharded
        (company_id, day, courier, status, invoice_status, shard, orders, min_id, max_id)
      select company_id, day, courier, status, invoice_status, 0, orders, min_id, max_id
      from order_list_day_counts`.execute(db);
    await sql`drop table order_list_day_counts`.execute(db);
    await sql`alter table order_list_day_counts_sharded rename to order_list_day_counts`.execute(db);
  },
  async down(db: AnyDb) {
    // Back to one row per key: the shards summed, their bounds joined.
    await sql`create table order_list_day_counts_summed as
      select company_id, day, courier, status, invoice_status, sum(orders) as orders, min(min_id) as min_id,
        max(max_id) as max_id
      from order_list_day_counts group by company_id, day, courier, status, invoice_status`.execute(db);
    await sql`delete from order_list_day_counts`.execute(db);
    if (engine === 'postgres') {
      await sql`alter table order_list_day_counts drop constraint order_list_day_counts_pk`.execute(db);
      await sql`alter table order_list_day_counts drop column shard`.execute(db);
      await sql`alter table order_list_day_counts add constraint order_list_day_counts_pk
        primary key (company_id, day, courier, status, invoice_status)`.execute(db);
    } else {
      await sql`drop table order_list_day_counts`.execute(db);
      await sql`create table order_list_day_counts (
        company_id integer not null references companies (id) on delete cascade,
        day varchar(10) not null,
        courier varchar(30) not null,
        status varchar(30) not null,
        invoice_status varchar(30) not null,
        orders integer not null,
        min_id integer not null,
        max_id integer not null,
        constraint order_list_day_counts_pk primary key (company_id, day, courier, status, invoice_status)
      ) without rowid`.execute(db);
    }
    await sql`insert into order_list_day_counts (company_id, day, courier, status, invoice_status, orders, min_id, max_id)
      select company_id, day, courier, status, invoice_status, orders, min_id, max_id
      from order_list_day_counts_summed`.execute(db);
    await sql`drop table order_list_day_counts_summed`.execute(db);
  },
});
