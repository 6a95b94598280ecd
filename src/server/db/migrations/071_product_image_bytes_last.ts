import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * SQLite: product_images built again with the image's bytes as the last column. SQLite stores a
 * row's columns one after the other and a large value's tail on a chain of overflow pages, so
 * reading a column written after the bytes (the sha256 of every image link on a page of products)
 * walked the whole chain: 17 images of 2 MB cost 24 ms of CPU a page, against 0.08 ms with the
 * bytes last. PostgreSQL keeps large values apart from the row (TOAST): nothing to do there.
 */
const COLUMNS = ['product_id', 'mime', 'size', 'sha256', 'updated_at', 'bytes'] as const;

async function rebuild(db: AnyDb, declarations: string, order: readonly string[]): Promise<void> {
  await sql.raw(`create table product_images_new (${declarations})`).execute(db);
  await sql
    .raw(`insert into product_images_new (${order.join(', ')}) select ${order.join(', ')} from product_images`)
    .execute(db);
  await sql.raw('drop table product_images').execute(db);
  await sql.raw('alter table product_images_new rename to product_images').execute(db);
}

const KEY = 'product_id integer primary key references products (id) on delete cascade';

export const productImageBytesLast: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine !== 'sqlite') return;
    await rebuild(
      db,
      `${KEY}, mime varchar(20) not null, size integer not null, sha256 varchar(64) not null,
        updated_at bigint not null, bytes blob not null`,
      COLUMNS,
    );
  },
  async down(db: AnyDb) {
    if (engine !== 'sqlite') return;
    await rebuild(
      db,
      `${KEY}, mime varchar(20) not null, bytes blob not null, size integer not null,
        sha256 varchar(64) not null, updated_at bigint not null`,
      COLUMNS,
    );
  },
});
