import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The kept list counts without one hot row. A count was one row per (company, list, bucket): on
 * PostgreSQL every order's status change of a company updated the same row, so concurrent writers
 * queued on its lock (five AWB creates at a time took four times one alone). Now a count is the sum
 * of up to 32 rows, one per `shard`: a PostgreSQL connection adds to its own shard (the session
 * setting `app.list_count_shard`, numbered per pool connection by db/listCounts.ts; 0 when unset), so
 * concurrent transactions write different rows, each still in the writing transaction and so exact.
 * SQLite has one writer at a time: it keeps shard 0.
 *
 * The products trigger (migration 011) adds to the writer's shard as well; a shard's row may go below
 * zero (a product counted in one shard and deleted through another), the sum stays right.
 */
export const listCountShards: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`alter table list_counts add column shard smallint not null default 0`.execute(db);
      await sql`alter table list_counts drop constraint list_counts_pk`.execute(db);
      await sql`alter table list_counts add constraint list_counts_pk primary key (company_id, list, bucket, shard)`.execute(
        db,
      );
      await sql`create or replace function products_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            if new.parent_id is null then
              insert into list_counts (company_id, list, bucket, shard, n)
                values (new.company_id, 'products', '', coalesce(nullif(current_setting('app.list_count_shard', true), '')::integer, 0), 1)
                on conflict (company_id, list, bucket, shard) do update set n = list_counts.n + 1;
            end if;
            return new;
          end if;
          if old.parent_id is null then
            insert into list_counts (company_id, list, bucket, shard, n)
              values (old.company_id, 'products', '', coalesce(nullif(current_setting('app.list_count_shard', true), '')::integer, 0), -1)
              on conflict (company_id, list, bucket, shard) do update set n = list_counts.n - 1;
          end if;
          return old;
        end $$`.execute(db);
      return;
    }
    // SQLite cannot change a primary key in place: the table is rebuilt, its rows kept in shard 0.
    await sql`drop trigger products_count_insert`.execute(db);
    await sql`drop trigger products_count_delete`.execute(db);
    await sql`create table list_counts_sharded (
      company_id integer not null references companies (id) on delete cascade,
      list varchar(40) not null,
      bucket varchar(40) not null default '',
      shard integer not null default 0,
      n integer not null default 0,
      constraint list_counts_pk primary key (company_id, list, bucket, shard)
    )`.execute(db);
    await sql`insert into list_counts_sharded (company_id, list, bucket, shard, n)
      select company_id, list, bucket, 0, n from list_counts`.execute(db);
    await sql`drop table list_counts`.execute(db);
    await sql`alter table list_counts_sharded rename to list_counts`.execute(db);
    await sql`create trigger products_count_insert after insert on products when new.parent_id is null begin
        insert into list_counts (company_id, list, bucket, shard, n) values (new.company_id, 'products', '', 0, 1)
          on conflict (company_id, list, bucket, shard) do update set n = n + 1;
      end`.execute(db);
    await sql`create trigger products_count_delete after delete on products when old.parent_id is null begin
        update list_counts set n = n - 1 where company_id = old.company_id and list = 'products' and bucket = '' and shard = 0;
      end`.execute(db);
  },
  async down(db: AnyDb) {
    // Back to one row per count: the shards summed.
    await sql`create table list_counts_summed as
      select company_id, list, bucket, sum(n) as n from list_counts group by company_id, list, bucket`.execute(db);
    await sql`delete from list_counts`.execute(db);
    if (engine === 'postgres') {
      await sql`alter table list_counts drop constraint list_counts_pk`.execute(db);
      await sql`alter table list_counts drop column shard`.execute(db);
      await sql`alter table list_counts add constraint list_counts_pk primary key (company_id, list, bucket)`.execute(
        db,
      );
      await sql`insert into list_counts (company_id, list, bucket, n)
        select company_id, list, bucket, n from list_counts_summed`.execute(db);
      await sql`create or replace function products_count() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            if new.parent_id is null then
              insert into list_counts (company_id, list, bucket, n) values (new.company_id, 'products', '', 1)
                on conflict (company_id, list, bucket) do update set n = list_counts.n + 1;
            end if;
            return new;
          end if;
          if old.parent_id is null then
            update list_counts set n = n - 1 where company_id = old.company_id and list = 'products' and bucket = '';
          end if;
          return old;
        end $$`.execute(db);
    } else {
      await sql`drop trigger products_count_insert`.execute(db);
      await sql`drop trigger products_count_delete`.execute(db);
      await sql`drop table list_counts`.execute(db);
      await sql`create table list_counts (
        company_id integer not null references companies (id) on delete cascade,
        list varchar(40) not null,
        bucket varchar(40) not null default '',
        n integer not null default 0,
        constraint list_counts_pk primary key (company_id, list, bucket)
      )`.execute(db);
      await sql`insert into list_counts (company_id, list, bucket, n)
        select company_id, list, bucket, n from list_counts_summed`.execute(db);
      await sql`create trigger products_count_insert after insert on products when new.parent_id is null begin
        insert into list_counts (company_id, list, bucket, n) values (new.company_id, 'products', '', 1)
          on conflict (company_id, list, bucket) do update set n = n + 1;
      end`.execute(db);
      await sql`create trigger products_count_delete after delete on products when old.parent_id is null begin
        update list_counts set n = n - 1 where company_id = old.company_id and list = 'products' and bucket = '';
      end`.execute(db);
    }
    await sql`drop table list_counts_summed`.execute(db);
  },
});
