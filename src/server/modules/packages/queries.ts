import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import type { Package, PackageItem, packageBody } from '../../../core/api/packages.js';
import { fromBani } from '../../../core/money.js';
import { forUpdate, type Engine, type Executor } from '../../db/connection.js';
import type { PackagesTable } from '../../db/schema.js';
import { matchesAny, preparedList } from '../../http/list.js';

export type PackageRow = Selectable<PackagesTable>;
export type PackageValues = z.output<typeof packageBody>;

/** Hundredths in the database, cm and kg with two decimals in the API (same arithmetic as money). */
export function toPackage(row: PackageRow): Package {
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
    is_default: Boolean(row.is_default),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The stored columns of a package form (dimensions are already hundredths from the schema). */
function packageColumns(body: PackageValues) {
  return {
    name: body.name,
    description: body.description ?? null,
    length: body.length,
    width: body.width,
    height: body.height,
    weight: body.weight,
    is_active: body.is_active ? 1 : 0,
    ...(body.is_default === undefined ? {} : { is_default: body.is_default ? 1 : 0 }),
  };
}

const packagesList = preparedList(
  (exec, v: { companyId: number }) => exec.selectFrom('packages').selectAll().where('company_id', '=', v.companyId),
  (q) => q.orderBy('id', 'desc'),
);

export function listPackages(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<Package>> {
  const search = q.search ? matchesAny(engine, ['name', 'description'], q.search) : undefined;
  return packagesList(exec, { companyId }, { page: q.page, items: q.items, map: toPackage, search });
}

/** A package of the company, or undefined; `lock` holds its row until the transaction ends. */
export function findPackage(
  exec: Executor,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<PackageRow | undefined> {
  const query = exec.selectFrom('packages').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  return (opts.lock ? forUpdate(exec, query) : query).executeTakeFirst();
}

/** The company's package marked default, if any. */
export function defaultPackageOf(exec: Executor, companyId: number): Promise<PackageRow | undefined> {
  return exec
    .selectFrom('packages')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

/** The items of one package with their products: one query, joined. */
export async function itemsOf(exec: Executor, packageId: number): Promise<PackageItem[]> {
  const rows = await exec
    .selectFrom('package_items')
    .innerJoin('products', 'products.id', 'package_items.product_id')
    .select([
      'package_items.package_id',
      'package_items.product_id',
      'package_items.quantity',
      'products.name',
      'products.sku',
      'products.description',
    ])
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

export function insertPackage(
  exec: Executor,
  companyId: number,
  body: PackageValues,
  now: number,
): Promise<PackageRow> {
  return exec
    .insertInto('packages')
    .values({ company_id: companyId, ...packageColumns(body), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A full update from the form, or only the status (the toggle). */
export function updatePackageRow(
  exec: Executor,
  companyId: number,
  id: number,
  changes: PackageValues | { is_active: boolean },
  now: number,
): Promise<PackageRow | undefined> {
  const columns = 'name' in changes ? packageColumns(changes) : { is_active: changes.is_active ? 1 : 0 };
  return exec
    .updateTable('packages')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
}

/** The company's packages other than `keep` lose the default mark (one default per company). */
export async function clearDefaultPackages(exec: Executor, companyId: number, keep: number): Promise<void> {
  await exec
    .updateTable('packages')
    .set({ is_default: 0 })
    .where('company_id', '=', companyId)
    .where('is_default', '=', 1)
    .where('id', '!=', keep)
    .execute();
}

/**
 * The company's default package becomes `id` (null: none): the shipping settings' default package,
 * kept in the one mark the packages list shows. The caller checked that `id` is the company's.
 */
export async function markDefaultPackage(exec: Executor, companyId: number, id: number | null): Promise<void> {
  await clearDefaultPackages(exec, companyId, id ?? 0);
  if (id !== null)
    await exec
      .updateTable('packages')
      .set({ is_default: 1 })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
}

/** Deletes a package of the company (its items go with it, ON DELETE CASCADE); answers whether there was one. */
export async function deletePackageRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await exec
    .deleteFrom('packages')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces the package's items with the given lines and touches its updated_at. */
export async function replaceItems(
  exec: Executor,
  packageId: number,
  items: { product_id: number; quantity: number }[],
  now: number,
): Promise<void> {
  await exec.deleteFrom('package_items').where('package_id', '=', packageId).execute();
  if (items.length > 0)
    await exec
      .insertInto('package_items')
      .values(items.map((i) => ({ package_id: packageId, product_id: i.product_id, quantity: i.quantity })))
      .execute();
  await exec.updateTable('packages').set({ updated_at: now }).where('id', '=', packageId).execute();
}
