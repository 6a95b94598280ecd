import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * An order has one currency (RON); a line whose product is priced in another currency is converted
 * when it is added, at a rate kept on the line:
 * - `exchange_rates`: the BNR reference rates the rates job reads (one row per currency and day,
 *   `rate` in ten-thousandths of a leu per one unit of the currency, as BNR publishes 4 decimals);
 * - `companies.eur_rate` (same unit) and `eur_rate_set_at`: the rate the company sets, used where no
 *   recent BNR rate is known;
 * - on `order_products`: the product's own price and currency (`original_price` in its minor unit,
 *   `original_currency`), the rate (`exchange_rate`), its day (`rate_date`, YYYY-MM-DD) and where it
 *   came from (`rate_source`: bnr or company); all null on a line in the order's currency.
 * Plain nullable columns, one per statement as SQLite adds them.
 */
export const exchangeRates: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('exchange_rates')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('rate_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('rate', 'integer', (c) => c.notNull())
      .addColumn('fetched_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('exchange_rates_pk', ['currency', 'rate_date'])
      .execute();
    await db.schema.alterTable('companies').addColumn('eur_rate', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('eur_rate_set_at', 'bigint').execute();
    await db.schema.alterTable('order_products').addColumn('original_currency', 'varchar(3)').execute();
    await db.schema.alterTable('order_products').addColumn('original_price', 'bigint').execute();
    await db.schema.alterTable('order_products').addColumn('exchange_rate', 'integer').execute();
    await db.schema.alterTable('order_products').addColumn('rate_date', 'varchar(10)').execute();
    await db.schema.alterTable('order_products').addColumn('rate_source', 'varchar(10)').execute();
  },
  async down(db: AnyDb) {
    for (const c of ['rate_source', 'rate_date', 'exchange_rate', 'original_price', 'original_currency'])
      await db.schema.alterTable('order_products').dropColumn(c).execute();
    await db.schema.alterTable('companies').dropColumn('eur_rate_set_at').execute();
    await db.schema.alterTable('companies').dropColumn('eur_rate').execute();
    await db.schema.dropTable('exchange_rates').execute();
  },
});
