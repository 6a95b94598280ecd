import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import {
  isStatusOnly,
  mergePackageItems,
  packageBody,
  packageItemsBody,
  packageStatusBody,
  type Package,
} from '../../../core/api/packages.js';
import { type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, notFound, parse, assertSelectedCompany } from '../../http/errors.js';
import { companyProductIds } from '../products/index.js';
import {
  clearDefaultPackages,
  deletePackageRow,
  findPackage,
  insertPackage,
  itemsOf,
  listPackages,
  replaceItems,
  toPackage,
  updatePackageRow,
  type PackageRow,
} from './queries.js';

/** Shipping presets of the company the request works in (ctx.companyId), with their contents. */
export function listPackagesOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<Package>> {
  return listPackages(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

const withItems = async (exec: Executor, row: PackageRow): Promise<Package> => ({
  ...toPackage(row),
  items: await itemsOf(exec, row.id),
});

export async function getPackage(ctx: ServiceContext, id: number): Promise<Package> {
  const row = await findPackage(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  return withItems(ctx.db.kysely, row);
}

export async function createPackage(ctx: ServiceContext, input: unknown): Promise<Package> {
  const body = parse(packageBody, input);
  assertSelectedCompany(ctx, body.company_id);
  const row = await ctx.db.transaction(async (trx) => {
    const created = await insertPackage(trx, ctx.companyId, body, ctx.now);
    if (body.is_default) await clearDefaultPackages(trx, ctx.companyId, created.id);
    return created;
  });
  return { ...toPackage(row), items: [] };
}

/** A full update, or the status toggle when the body holds nothing but is_active. A package of another company is not found (before the form is read). */
export async function updatePackage(ctx: ServiceContext, id: number, input: unknown): Promise<Package> {
  const row = await ctx.db.transaction(async (trx) => {
    if (!(await findPackage(trx, ctx.companyId, id, { lock: true }))) throw notFound();
    let changes;
    if (isStatusOnly(input)) changes = parse(packageStatusBody, input);
    else {
      changes = parse(packageBody, input);
      assertSelectedCompany(ctx, changes.company_id);
    }
    if ('is_default' in changes && changes.is_default) await clearDefaultPackages(trx, ctx.companyId, id);
    return updatePackageRow(trx, ctx.companyId, id, changes, ctx.now);
  });
  if (!row) throw notFound();
  return withItems(ctx.db.kysely, row);
}

export async function deletePackage(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deletePackageRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}

/**
 * Replaces the package's items as a whole, in one transaction. A product listed twice is
 * merged (quantities added); every product must belong to the company (422 naming the line
 * otherwise); an empty list empties the package.
 */
export async function replacePackageItems(ctx: ServiceContext, input: unknown): Promise<Package> {
  const body = parse(packageItemsBody, input);
  const items = mergePackageItems(body.package_items);
  const pkg = await ctx.db.transaction(async (trx) => {
    // The package's row is locked: two replacements of its items take turns (without the lock,
    // PostgreSQL let both delete the old items and the second insert hit the primary key: 500).
    const found = await findPackage(trx, ctx.companyId, body.package_id, { lock: true });
    if (!found) throw notFound();
    // Checked inside the transaction, so a refusal changes nothing (one IN query for all lines).
    const known = await companyProductIds(
      trx,
      ctx.companyId,
      items.map((i) => i.product_id),
    );
    const missing = body.package_items.findIndex((i) => !known.has(i.product_id));
    if (missing !== -1) throw FieldProblems.one(`package_items.${missing}.product_id`, 'package_product_not_found');
    await replaceItems(trx, found.id, items, ctx.now);
    return { ...found, updated_at: ctx.now };
  });
  return withItems(ctx.db.kysely, pkg);
}
