import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { bumpCounts } from '../../db/listCounts.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, notFound, parse } from '../../http/errors.js';
import { z } from 'zod';
import { customerPhoneBody, flagBody } from '../../../core/api/orders.js';
import { idRef } from '../../../core/validation.js';
import { orderForHistory, recordEvent } from '../order-lifecycle/index.js';
import {
  addOrderToCompanyCustomer,
  customerIdForPhone,
  customerIdOfPhone,
  findCompanyCustomer,
  flagsOf,
  insertCompanyCustomer,
  insertFlag,
  lockedCustomer,
  removeOrderFromCompanyCustomer,
  setCustomerPhone,
  updateCompanyCustomer,
} from './queries.js';

/**
 * Customers are people (by phone) shared across companies; a company sees those who ordered from
 * it (with the name and email it knows), and every company's flags on them without learning which
 * other company raised one. Orders join and leave a customer through here.
 */

/** The customer as this company knows them, with the flags it may see, or 404. */
export async function companyCustomer(ctx: ServiceContext, customerId: number) {
  const c = await findCompanyCustomer(ctx.db.kysely, ctx.companyId, customerId);
  if (!c) throw notFound();
  const flags = await flagsOf(ctx.db.kysely, ctx.companyId, [customerId]);
  return {
    id: c.id,
    name: c.name,
    phone_number: c.phone_number,
    email: c.email,
    orders_count: Number(c.orders_count),
    flags: flags.get(customerId) ?? [],
    created_at: Number(c.created_at),
  };
}

async function requireCompanyCustomer(trx: Executor, ctx: ServiceContext, customerId: number): Promise<void> {
  if (!(await findCompanyCustomer(trx, ctx.companyId, customerId))) throw notFound();
}

/**
 * A new order of the person with this phone in the company, in the order's transaction: the
 * customer is created if new, the company's view takes the name and email of the order, and a
 * first order adds them to the company's customers list (and its count).
 */
export async function customerForNewOrder(
  trx: Executor,
  ctx: ServiceContext,
  person: { phone: string; name: string; email: string | null },
): Promise<number> {
  const customerId = await customerIdForPhone(trx, person.phone, ctx.now);
  const row = { companyId: ctx.companyId, customerId, name: person.name, email: person.email, now: ctx.now };
  const first = await insertCompanyCustomer(trx, row);
  if (first) await bumpCounts(trx, ctx.companyId, [['customers', '', 1]]);
  else await addOrderToCompanyCustomer(trx, row);
  return customerId;
}

/** An order of the customer was deleted: their last one in the company takes them off its list. */
export async function customerLostOrder(trx: Executor, ctx: ServiceContext, customerId: number): Promise<void> {
  const last = await removeOrderFromCompanyCustomer(trx, ctx.companyId, customerId);
  if (last) await bumpCounts(trx, ctx.companyId, [['customers', '', -1]]);
}

/** The name or email on an order changed: the company's view of its customer follows. */
export async function renameCompanyCustomer(
  trx: Executor,
  ctx: ServiceContext,
  customerId: number,
  set: { name?: string; email?: string | null },
): Promise<void> {
  await updateCompanyCustomer(trx, ctx.companyId, customerId, set, ctx.now);
}

/** The order a customer's change is noted on may be named; an empty value names none. */
const phoneChangeBody = customerPhoneBody.extend({
  order_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()),
});

/**
 * Changes a customer's phone (their identity, shared across companies); 409 when another customer
 * has the number. The customer must be the company's (404) before the body is read (422).
 */
export async function changeCustomerPhone(ctx: ServiceContext, customerId: number, body: unknown): Promise<void> {
  await requireCompanyCustomer(ctx.db.kysely, ctx, customerId);
  const { phone_number: phone, order_id: orderId } = parse(phoneChangeBody, body);
  await ctx.db.transaction(async (trx) => {
    await requireCompanyCustomer(trx, ctx, customerId);
    const customer = await lockedCustomer(trx, customerId);
    if (customer.phone_number === phone) return;
    if (await customerIdOfPhone(trx, phone)) throw new HttpError(409, 'phone_taken');
    try {
      await setCustomerPhone(trx, customerId, phone, ctx.now);
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, 'phone_taken');
      throw err;
    }
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await recordEvent(trx, ctx, noteOn, 'phone_changed', { from: customer.phone_number, to: phone });
  });
}

/** A flag by the current company (409 when it already flagged this customer), noted in the order's history. */
export async function flagCustomer(ctx: ServiceContext, customerId: number, body: unknown): Promise<void> {
  await requireCompanyCustomer(ctx.db.kysely, ctx, customerId);
  const { reason, order_id: orderId } = parse(flagBody, body);
  await ctx.db.transaction(async (trx) => {
    await requireCompanyCustomer(trx, ctx, customerId);
    if (!(await insertFlag(trx, { customerId, companyId: ctx.companyId, reason, now: ctx.now })))
      throw new HttpError(409, 'already_flagged');
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await recordEvent(trx, ctx, noteOn, 'flagged', { reason });
  });
}
