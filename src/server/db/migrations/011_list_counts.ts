import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * How many rows a company's list holds, kept in the same transaction as every write by triggers,
 * so "Showing X to Y of Z" reads one row instead of counting a million (15 ms on SQLite, 37 ms on
 * PostgreSQL at a million products, where the page itself took 0.05 ms). `bucket` splits a list
 * (the orders tabs by status); '' is the whole list.
 *
 * Products: the list counts top-level products (a variation belongs to its product). A product's
 * company and parent never change, so inserts and deletes are all the triggers need to see.
 */
export const listCounts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('list_counts')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('list', 'varchar(40)', (c) => c.notNull())
      .addColumn('bucket', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('list_counts_pk', ['company_id', 'list', 'bucket'])
      .execute();
    await sql`insert into list_counts (company_id, list, bucket, n)
      select company_id, 'products', '', count(*) from products where parent_id is null group by company_id`.execute(
      db,
    );

    if (engine === 'sqlite') {
      await sql`create trigger products_count_insert after insert on products when new.parent_id is null begin
        insert into list_counts (company_id, list, bucket, n) values (new.company_id, 'products', '', 1)
          on conflict (company_id, list, bucket) do update set n = n + 1;
      end`.execute(db);
      await sql`create trigger products_count_delete after delete on products when old.parent_id is null begin
        update list_counts set n = n - 1 where company_id = old.company_id and list = 'products' and bucket = '';
      end`.execute(db);
    } else {
      await sql`create function products_count() returns trigger language plpgsql as $$
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
      await sql`create trigger products_count after insert or delete on products for each row execute function products_count()`.execute(
        db,
      );
    }
  },
  async down(db: AnyDb) {
    if (engine === 'sqlite') {
      await sql`drop trigger products_count_insert`.execute(db);
      await sql`drop trigger products_count_delete`.execute(db);
    } else {
      await sql`drop trigger products_count on products`.execute(db);
      await sql`drop function products_count()`.execute(db);
    }
    await db.schema.dropTable('list_counts').execute();
  },
});
