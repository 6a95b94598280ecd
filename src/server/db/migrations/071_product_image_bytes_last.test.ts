import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('071 keeps every image, puts the bytes last on SQLite, and down puts them back', async () => {
  const db = m.db();
  await m.migrateTo('070_integration_list_changes');
  const k = m.tables();
  const company = await m.company();
  const product = async (sku: string) =>
    (
      (await k
        .insertInto('products')
        .values({
          company_id: company,
          name: sku,
          sku,
          sale_type: 'Bucata',
          currency: 'RON',
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number }
    ).id;
  const [a, b] = [await product('A'), await product('B')];
  // One image large enough to run onto overflow pages, one small.
  const images = [
    {
      product_id: a,
      mime: 'image/png',
      bytes: Buffer.alloc(300_000, 7),
      size: 300_000,
      sha256: 'a'.repeat(64),
      updated_at: 5,
    },
    {
      product_id: b,
      mime: 'image/webp',
      bytes: Buffer.from([1, 2, 3]),
      size: 3,
      sha256: 'b'.repeat(64),
      updated_at: 6,
    },
  ];
  await k.insertInto('product_images').values(images).execute();
  const rows = async () =>
    (await k.selectFrom('product_images').selectAll().orderBy('product_id').execute()).map((r) => ({
      ...(r as { product_id: number; mime: string; size: number; sha256: string }),
      bytes: Buffer.from(r.bytes as Uint8Array),
      updated_at: Number(r.updated_at),
    }));
  const columns = async () =>
    (
      await sql<{ name: string }>`select name from pragma_table_info('product_images') order by cid`.execute(db.kysely)
    ).rows.map((r) => r.name);

  await m.migrateTo('071_product_image_bytes_last');
  expect(await rows()).toEqual(images);
  if (db.engine === 'sqlite') {
    expect(await columns()).toEqual(['product_id', 'mime', 'size', 'sha256', 'updated_at', 'bytes']);
    // Still the product's: deleting the product deletes its image.
    await k.deleteFrom('products').where('id', '=', b).execute();
    expect((await rows()).map((r) => r.product_id)).toEqual([a]);
    await m.migrateDown();
    expect(await columns()).toEqual(['product_id', 'mime', 'bytes', 'size', 'sha256', 'updated_at']);
    expect(await rows()).toEqual(images.slice(0, 1));
  }
});
