import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { listQuery } from '../../../core/api/list.js';
import { isStatusOnly, mergePackageItems, packageBody, packageItemsBody, packageStatusBody, type Package, type PackageItem } from '../../../core/api/packages.js';
import { fromBani } from '../../../core/money.js';
import { forUpdate, type Db } from '../../db/connection.js';
import { idParam } from '../../http/params.js';
import { assertSelectedCompany } from '../../http/auth.js';
import type { PackagesTable } from '../../db/schema.js';
import { fieldError, notFound, parse } from '../../http/errors.js';
import { matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';


/** Hundredths in the database, cm and kg with two decimals in the API (same arithmetic as money). */
export function toPackage(row: Selectable<PackagesTable>): Package {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    description: row.description,
    length: fromBani(Number(row.length)),
    width: fromBani(Number(row.width)),
    height: fromBani(Number(row.height)),
    weight: fromBani(Number(row.weight)),
    is_active: Boolean(row.is_active),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The stored columns of a package form (dimensions are already hundredths from the schema). */
function packageColumns(body: z.output<typeof packageBody>) {
  return {
    name: body.name,
    description: body.description ?? null,
    length: body.length,
    width: body.width,
    height: body.height,
    weight: body.weight,
    is_active: body.is_active ? 1 : 0,
  };
}

export function packageRoutes(app: FastifyInstance, db: Db): void {
  const company = { config: { company: true } };

  async function findOwn(companyId: number, id: number) {
    const row = await db.kysely.selectFrom('packages').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The items of one package with their products: one query, joined. */
  async function itemsOf(packageId: number): Promise<PackageItem[]> {
    const rows = await db.kysely
      .selectFrom('package_items')
      .innerJoin('products', 'products.id', 'package_items.product_id')
      .select(['package_items.package_id', 'package_items.product_id', 'package_items.quantity', 'products.name', 'products.sku', 'products.description'])
      .where('package_items.package_id', '=', packageId)
      .orderBy('products.name')
      .orderBy('products.id')
      .execute();
    return rows.map((r) => ({
      package_id: r.package_id,
      product_id: r.product_id,
      quantity: Number(r.quantity),
      product: { id: r.product_id, name: r.name, sku: r.sku, description: r.description },
    }));
  }

  const withItems = async (row: Selectable<PackagesTable>): Promise<Package> => ({ ...toPackage(row), items: await itemsOf(row.id) });

  app.get('/api/v1/package', company, async (req) => {
    const q = parse(listQuery, req.query);
    let query = db.kysely.selectFrom('packages').selectAll().where('company_id', '=', req.companyId);
    if (q.search) query = query.where(matchesAny(db.engine, ['name', 'description'], q.search));
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('id', 'desc'), map: toPackage });
  });

  app.get('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await withItems(await findOwn(req.companyId, id)) };
  });

  app.post('/api/v1/package', company, async (req, reply) => {
    const body = parse(packageBody, req.body);
    assertSelectedCompany(body.company_id, req);
    const now = nowSeconds();
    const row = await db.kysely
      .insertInto('packages')
      .values({ company_id: req.companyId, ...packageColumns(body), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: { ...toPackage(row), items: [] } });
  });

  /** A full update, or the status toggle when the body holds nothing but is_active. */
  app.post('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    const now = nowSeconds();
    let changes;
    if (isStatusOnly(req.body)) {
      const body = parse(packageStatusBody, req.body);
      changes = { is_active: body.is_active ? 1 : 0, updated_at: now };
    } else {
      const body = parse(packageBody, req.body);
      assertSelectedCompany(body.company_id, req);
      changes = { ...packageColumns(body), updated_at: now };
    }
    const row = await db.kysely
      .updateTable('packages')
      .set(changes)
      .where('id', '=', id)
      .where('company_id', '=', req.companyId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound();
    return { data: await withItems(row) };
  });

  app.delete('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    // Its items go with it (ON DELETE CASCADE).
    await db.kysely.deleteFrom('packages').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    return { message: 'deleted' };
  });

  /**
   * Replaces the package's items as a whole, in one transaction. A product listed twice is
   * merged (quantities added); every product must belong to the selected company (422 naming
   * the line otherwise); an empty list empties the package.
   */
  app.post('/api/v1/package-item', company, async (req) => {
    const body = parse(packageItemsBody, req.body);
    const pkg = await findOwn(req.companyId, body.package_id);
    const items = mergePackageItems(body.package_items);
    const now = nowSeconds();
    await db.transaction(async (trx) => {
      // Two replaces of one package at the same moment take turns: without the lock, PostgreSQL let
      // both delete the old items and the second insert hit the primary key (500).
      await forUpdate(trx, trx.selectFrom('packages').select('id').where('id', '=', pkg.id)).execute();
      // Checked inside the transaction, so a refusal changes nothing (one IN query for all lines).
      if (items.length > 0) {
        const ids = items.map((i) => i.product_id);
        const found = await trx.selectFrom('products').select('id').where('company_id', '=', req.companyId).where('id', 'in', ids).execute();
        const known = new Set(found.map((r) => r.id));
        const missing = body.package_items.findIndex((i) => !known.has(i.product_id));
        if (missing !== -1) throw fieldError(`package_items.${missing}.product_id`, 'package_product_not_found');
      }
      await trx.deleteFrom('package_items').where('package_id', '=', pkg.id).execute();
      if (items.length > 0) await trx.insertInto('package_items').values(items.map((i) => ({ package_id: pkg.id, product_id: i.product_id, quantity: i.quantity }))).execute();
      await trx.updateTable('packages').set({ updated_at: now }).where('id', '=', pkg.id).execute();
    });
    return { data: await withItems({ ...pkg, updated_at: now }) };
  });
}
