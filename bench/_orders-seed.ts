/**
 * The seed of the orders benches (bench/orders.ts, bench/export.ts): one company's orders loaded
 * set-wise as the console would have written them.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { recountOrderLists } from '../src/server/modules/order-counts/index.js';
import { createOrderSearch, dropOrderSearch } from '../src/server/db/migrations/010_orders.js';
import { createOrderSearchText, dropOrderSearchText } from '../src/server/db/migrations/020_order_search_text.js';
import { createCustomerSearch, dropCustomerSearch } from '../src/server/db/migrations/061_customer_search_sqlite.js';
import type { ProductsTable } from '../src/server/db/schema.js';
import { bulkLoadOrders } from '../src/server/seed/orders.js';
import { hashToken, newToken } from '../src/server/http/auth.js';

const WORDS = ['Cană ceramică', 'Tricou', 'Pernă', 'Miere de salcâm', 'Ghiveci', 'Agendă', 'Brățară', 'Zacuscă'];

/** A database seeded by an earlier run: a fresh token for its bench user, its company. */
async function reuse(db: Db, log: (line: string) => void): Promise<{ token: string; companyIds: number[] } | null> {
  await migrateToLatest(db);
  const k = db.kysely;
  const user = await k.selectFrom('users').select('id').where('email', '=', 'bench@example.ro').executeTakeFirst();
  const company = await k.selectFrom('companies').select('id').where('name', '=', 'Bench Unu SRL').executeTakeFirst();
  if (!user || !company) return null;
  const token = newToken();
  const now = Math.floor(Date.now() / 1000);
  await k
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  // A migration that rewrites a table (a stored generated column) leaves its visibility map empty
  // until autovacuum comes by: a vacuum measures the steady state, where index-only walks read no table.
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(k);
  else await sql`analyze`.execute(k);
  log('Reused the seeded database (migrated, vacuumed, analysed)');
  return { token, companyIds: [company.id] };
}

/**
 * Seeds `orders` orders of one company (1-3 lines each, customers shared by phone, automatic
 * discounts, 2 % of customers flagged; shipped orders with a courier, an AWB and a courier status,
 * completed ones an invoice), or reuses a database an earlier run seeded. Statistics are taken after.
 */
export async function seedOrders(
  db: Db,
  orders: number,
  log: (line: string) => void,
): Promise<{ token: string; companyIds: number[] }> {
  const again = await reuse(db, log);
  if (again) return again;
  const now = Math.floor(Date.now() / 1000);
  const k = db.kysely;
  const user = await k
    .insertInto('users')
    .values({ email: 'bench@example.ro', password_hash: 'x', first_name: 'Bench', last_name: 'User', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyIds: number[] = [];
  for (const name of ['Bench Unu SRL']) {
    const c = await k
      .insertInto('companies')
      .values({
        name,
        vat_number: 'RO14399840',
        vat_payer: 1,
        administrator_name: 'Bench',
        active: 1,
        address: null,
        city: null,
        county: null,
        shipping_cost: 1999,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.push(c.id);
    await k.insertInto('company_users').values({ company_id: c.id, user_id: user.id }).execute();
    const products: Insertable<ProductsTable>[] = Array.from({ length: 500 }, (_, i) => ({
      company_id: c.id,
      parent_id: null,
      name: `${WORDS[i % WORDS.length]} ${i}`,
      description: null,
      sku: `B${c.id}-${String(i).padStart(4, '0')}`,
      sale_type: 'Bucata',
      stock: 1000,
      selling_price: 1500 + (i % 90) * 250,
      buying_price: 900,
      currency: 'RON',
      created_at: now,
      updated_at: now,
    }));
    await k.insertInto('products').values(products).execute();
    const sources = await k
      .insertInto('sources')
      .values(
        ['Magazin online', 'eMAG Marketplace', 'Telefon', 'Facebook'].map((s) => ({
          company_id: c.id,
          source: s,
          source_key: s.toLowerCase(),
          active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await k
      .insertInto('order_discounts')
      .values([
        {
          company_id: c.id,
          source_id: sources[0].id,
          type: 'amount',
          order_value: 10000,
          value: 1000,
          created_at: now,
          updated_at: now,
        },
        {
          company_id: c.id,
          source_id: sources[0].id,
          type: 'shipping',
          order_value: 25000,
          value: null,
          created_at: now,
          updated_at: now,
        },
        {
          company_id: c.id,
          source_id: sources[1].id,
          type: 'percentage',
          order_value: 15000,
          value: 500,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    const firstProducts = await k
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', c.id)
      .orderBy('id')
      .limit(20)
      .execute();
    await k
      .insertInto('product_discounts')
      .values(
        firstProducts.map((p, i) => ({
          company_id: c.id,
          product_id: p.id,
          type: i % 2 ? 'percentage' : 'amount',
          quantity: 2 + (i % 3),
          value: i % 2 ? 1000 : 500,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const token = newToken();
  await k
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();

  // The search index is built once after the load instead of row by row.
  await dropOrderSearch(k, db.engine);
  await dropOrderSearchText(k, db.engine);
  await dropCustomerSearch(k, db.engine);
  const t0 = performance.now();
  const made = await bulkLoadOrders(db, {
    companyIds,
    ordersPerCompany: Math.floor(orders / companyIds.length),
    customers: Math.floor(orders / 3),
    from: now - 365 * 86400,
    to: now - 60,
    seed: 4242,
    userId: user.id,
    flagShare: 0.02,
    adjustStock: false,
    batch: 5000,
    log,
  });
  // What the console's AWB and invoice calls would have written on shipped orders.
  await sql`update orders set courier = case id % 3 when 0 then 'cargus' when 1 then 'sameday' else 'dpd' end,
      awb = 'BN' || id, courier_status = case when status = 'completed' then 'delivered' else 'in_transit' end
    where status in ('processing', 'completed')`.execute(k);
  await sql`update orders set bill_number = 'BNF' || id where status = 'completed'`.execute(k);
  // Those columns place the orders in the kept counts (no AWB): counted again from the rows.
  await recountOrderLists(k);
  const t1 = performance.now();
  // PostgreSQL searches the folded text's trigram index (migration 020), which replaced 010's.
  if (db.engine === 'postgres') await createOrderSearchText(k, db.engine);
  else await createOrderSearch(k, db.engine);
  await createCustomerSearch(k, db.engine);
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(k);
  else await sql`analyze`.execute(k);
  log(
    `Seeded ${made.orders} orders, ${made.lines} lines, ${made.customers} customers in ${((t1 - t0) / 1000).toFixed(0)} s; search index and statistics in ${((performance.now() - t1) / 1000).toFixed(0)} s`,
  );
  return { token, companyIds };
}
