import { couponBody, type Coupon } from '../../../core/api/coupons.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, notFound, parse } from '../../http/errors.js';
import {
  couponByCode,
  countCouponUse,
  deleteCouponRow,
  findCoupon,
  insertCoupon,
  listCoupons,
  updateCouponRow,
} from './queries.js';

// The coupons of the company the request works in (ctx.companyId).

/** A code another coupon of the company has (ignoring case) is a 422 on `code`. */
async function unlessCodeTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isUniqueViolation(err) ? FieldProblems.one('code', 'coupon_code_taken') : err;
  }
}

export function listCouponsOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<Coupon>> {
  return listCoupons(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

export async function getCoupon(ctx: ServiceContext, id: number, exec: Executor = ctx.db.kysely): Promise<Coupon> {
  const coupon = await findCoupon(exec, ctx.companyId, id);
  if (!coupon) throw notFound();
  return coupon;
}

export async function createCoupon(ctx: ServiceContext, input: unknown): Promise<Coupon> {
  const body = parse(couponBody, input);
  const id = await unlessCodeTaken(() => insertCoupon(ctx.db.kysely, ctx.companyId, body, ctx.now));
  return getCoupon(ctx, id);
}

/** Another company's coupon is not found (before the form is read). */
export async function updateCoupon(ctx: ServiceContext, id: number, input: unknown): Promise<Coupon> {
  await getCoupon(ctx, id);
  const body = parse(couponBody, input);
  await unlessCodeTaken(() => updateCouponRow(ctx.db.kysely, ctx.companyId, id, body, ctx.now));
  return getCoupon(ctx, id);
}

/** Orders that used the coupon keep their applied discount (code, type and value are copied there). */
export async function deleteCoupon(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deleteCouponRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}

/**
 * The company's coupon of `code` that can be used now, its use counted (in the caller's
 * transaction): an unknown or inactive code, or one whose uses are spent, is a 422 on `code`.
 */
export async function takeCoupon(trx: Executor, companyId: number, code: string, now: number): Promise<Coupon> {
  const coupon = await couponByCode(trx, companyId, code);
  if (!coupon || !coupon.active) throw FieldProblems.one('code', 'coupon_unknown');
  if (!(await countCouponUse(trx, companyId, coupon.id, 1, now))) throw FieldProblems.one('code', 'coupon_used_up');
  return coupon;
}

/**
 * Whether `takeCoupon` would take this code now, without taking it: the message key of its refusal,
 * or null (a dry run of an import says what the import would do).
 */
export async function couponRefusal(exec: Executor, companyId: number, code: string): Promise<string | null> {
  const coupon = await couponByCode(exec, companyId, code);
  if (!coupon || !coupon.active) return 'coupon_unknown';
  if (coupon.uses_allowed !== null && coupon.uses >= coupon.uses_allowed) return 'coupon_used_up';
  return null;
}

/** Gives a use back when a coupon is removed from an order (nothing if the coupon was deleted since). */
export async function releaseCoupon(trx: Executor, companyId: number, code: string, now: number): Promise<void> {
  const coupon = await couponByCode(trx, companyId, code);
  if (coupon) await countCouponUse(trx, companyId, coupon.id, -1, now);
}
