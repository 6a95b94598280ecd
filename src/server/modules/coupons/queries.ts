import type { Selectable } from 'kysely';
import type { Coupon, CouponType, CouponValues } from '../../../core/api/coupons.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { fromBani } from '../../../core/money.js';
import type { Engine, Executor } from '../../db/connection.js';
import type { CouponsTable } from '../../db/schema.js';
import { matchesAny, preparedList } from '../../http/list.js';

/** The company's coupons (the `coupons` table is written only here). */

const toCoupon = (r: Selectable<CouponsTable>): Coupon => ({
  id: r.id,
  company_id: r.company_id,
  code: r.code,
  type: r.type as CouponType,
  value: fromBani(Number(r.value)),
  uses_allowed: r.uses_allowed === null ? null : Number(r.uses_allowed),
  uses: Number(r.uses),
  active: Boolean(Number(r.active)),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

const couponsOf = (exec: Executor, companyId: number) =>
  exec.selectFrom('coupons').selectAll().where('company_id', '=', companyId);

const couponsList = preparedList(
  (exec, v: { companyId: number }) => couponsOf(exec, v.companyId),
  (q) => q.orderBy('id', 'desc'),
);

export function listCoupons(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<Coupon>> {
  const search = q.search ? matchesAny(engine, ['coupons.code'], q.search) : undefined;
  return couponsList(exec, { companyId }, { page: q.page, items: q.items, map: toCoupon, search });
}

export async function findCoupon(exec: Executor, companyId: number, id: number): Promise<Coupon | undefined> {
  const row = await couponsOf(exec, companyId).where('id', '=', id).executeTakeFirst();
  return row && toCoupon(row);
}

/** The company's coupon of a code, ignoring case. */
export async function couponByCode(exec: Executor, companyId: number, code: string): Promise<Coupon | undefined> {
  const row = await couponsOf(exec, companyId).where('code_key', '=', code.trim().toLowerCase()).executeTakeFirst();
  return row && toCoupon(row);
}

const columns = (v: CouponValues) => ({
  code: v.code,
  code_key: v.code.toLowerCase(),
  type: v.type,
  value: v.value,
  uses_allowed: v.uses_allowed,
  active: v.active ? 1 : 0,
});

export async function insertCoupon(exec: Executor, companyId: number, v: CouponValues, now: number): Promise<number> {
  const { id } = await exec
    .insertInto('coupons')
    .values({ company_id: companyId, ...columns(v), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCouponRow(
  exec: Executor,
  companyId: number,
  id: number,
  v: CouponValues,
  now: number,
): Promise<void> {
  await exec
    .updateTable('coupons')
    .set({ ...columns(v), updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

export async function deleteCouponRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const r = await exec
    .deleteFrom('coupons')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Counts a use (or gives one back, `delta` -1) of the company's coupon. A use is counted only while
 * one is left, in the same statement, so two orders at once cannot spend the last use twice:
 * answers whether it was counted.
 */
export async function countCouponUse(
  exec: Executor,
  companyId: number,
  id: number,
  delta: 1 | -1,
  now: number,
): Promise<boolean> {
  let q = exec
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', delta), updated_at: now }))
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  q =
    delta === 1
      ? q.where((eb) => eb.or([eb('uses_allowed', 'is', null), eb('uses', '<', eb.ref('uses_allowed'))]))
      : q.where('uses', '>', 0);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
