import type { ServiceContext } from '../../context.js';
import { readsFor, type Executor } from '../../db/connection.js';
import { bumpCounts } from '../../db/listCounts.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, notFound, parse } from '../../http/errors.js';
import { z } from 'zod';
import { customerUpdateBody, flagBody, type Customer, type CustomerOrder } from '../../../core/api/orders.js';
import { fromBani } from '../../../core/money.js';
import type { ListMeta, ListQuery } from '../../../core/api/list.js';
import { pageMeta } from '../../http/list.js';
import { idRef } from '../../../core/validation.js';
import {
  beginFlagChange,
  customerOrderRows,
  flagsWritten,
  lockCustomerOrders,
  moveCustomerOrders,
  orderForHistory,
  recordEvent,
} from '../order-lifecycle/index.js';
import {
  addOrderToCompanyCustomer,
  companyCustomerIdOfPhone,
  customerIdForPhone,
  deleteFlag,
  findCompanyCustomer,
  findShownCustomer,
  insertCompanyCustomer,
  insertFlag,
  lockedCompanyCustomer,
  relinkCompanyCustomer,
  removeOrderFromCompanyCustomer,
  updateCompanyCustomer,
} from './queries.js';
import { listCustomers as listCustomerRows } from './list/index.js';

/**
 * Customers are people (by phone) shared across companies; a company sees those who ordered from
 * it with the phone, name and email it knows (its own view, company_customers), and every
 * company's flags on them without learning which other company raised one. Orders join and leave
 * a customer through here. Nothing a company does here changes what another company is shown of
 * its customers, nor tells it whether a number is known to another company.
 */

/** The customer as this company knows them, with the flags it may see and what they spent, or 404. */
export async function companyCustomer(ctx: ServiceContext, customerId: number): Promise<Customer> {
  const c = await findShownCustomer(ctx.db.kysely, ctx.db.engine, ctx.companyId, customerId);
  if (!c) throw notFound();
  return c;
}

/**
 * The company's customers (search by name, phone or email), each with what they spent and when
 * they last ordered, read with the page.
 */
export async function listCustomersOf(
  ctx: ServiceContext,
  q: ListQuery,
): Promise<{ data: Customer[]; meta: ListMeta }> {
  return listCustomerRows(readsFor(ctx.db, !!q.search), ctx.db.engine, ctx.companyId, q);
}

/** A page of the customer's orders with the company, newest first; 404 for another company's customer. */
export async function customerOrders(
  ctx: ServiceContext,
  customerId: number,
  q: ListQuery,
): Promise<{ data: CustomerOrder[]; meta: ListMeta }> {
  const c = await findCompanyCustomer(ctx.db.reads, ctx.companyId, customerId);
  if (!c) throw notFound();
  const rows = await customerOrderRows(ctx.db.reads, {
    companyId: ctx.companyId,
    customerId,
    limit: q.items,
    offset: (q.page - 1) * q.items,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      status: r.status,
      courier: r.courier,
      awb: r.awb,
      bill_number: r.bill_number,
      total_value: fromBani(Number(r.total_value)),
      created_at: Number(r.created_at),
    })),
    // The company's view keeps the customer's order count: the page never counts the orders table.
    meta: pageMeta({ total: Number(c.orders_count), exact: true }, q.page, q.items),
  };
}

/**
 * Changes what the company knows of its customer: name and email on its own view (the orders keep
 * the details they were made with), and the phone number as changeCustomerPhone says. One
 * transaction: either everything sent is changed or nothing is. Answers the customer's id (a new
 * number is another person).
 */
export async function updateCustomer(ctx: ServiceContext, customerId: number, body: unknown): Promise<number> {
  await requireCompanyCustomer(ctx.db.kysely, ctx, customerId);
  const input = parse(customerUpdateBody, body);
  return ctx.db.transaction(async (trx) => {
    const id =
      input.phone_number === undefined
        ? customerId
        : await movePhone(trx, ctx, customerId, input.phone_number, input.order_id);
    if (!(await findCompanyCustomer(trx, ctx.companyId, id))) throw notFound();
    const set = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.email !== undefined && { email: input.email }),
    };
    if (Object.keys(set).length) await updateCompanyCustomer(trx, ctx.companyId, id, set, ctx.now);
    return id;
  });
}

async function requireCompanyCustomer(trx: Executor, ctx: ServiceContext, customerId: number): Promise<void> {
  if (!(await findCompanyCustomer(trx, ctx.companyId, customerId))) throw notFound();
}

/**
 * A new order of the person with this phone in the company, in the order's transaction: the
 * customer is created if new, the company's view takes the name and email of the order, and a
 * first order adds them to the company's customers list (and its count). A view found but gone
 * before it took the order (a change of its number committed in between, on PostgreSQL) is made
 * again for this number, so the order never lands on a customer the company has no view of.
 */
export async function customerForNewOrder(
  trx: Executor,
  ctx: ServiceContext,
  person: { phone: string; name: string; email: string | null },
): Promise<number> {
  const customerId = await customerIdForPhone(trx, person.phone, ctx.now);
  const row = {
    companyId: ctx.companyId,
    customerId,
    phone: person.phone,
    name: person.name,
    email: person.email,
    now: ctx.now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertCompanyCustomer(trx, row)) {
      await bumpCounts(trx, ctx.companyId, [['customers', '', 1]]);
      return customerId;
    }
    if (await addOrderToCompanyCustomer(trx, row)) return customerId;
  }
  throw new Error(`the company's view of customer ${customerId} kept moving while an order was added to it`);
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

/**
 * Changes the phone number this company knows its customer by, and answers the customer's id
 * under the new number.
 * The number is the person's identity, shared across companies, so it is never rewritten: the
 * company's view (its name, email and order count) and its orders move to the person of the new
 * number, created if new, and every other company keeps its customer, its orders and what it is
 * shown of them. The answer is the same whether or not another company knows the number; only
 * another customer of this same company with that number is refused (409), which tells the
 * company nothing it does not already see in its own list. Flags stay on the person they were
 * raised on (a flag is about the person of that number, and another company sees it there).
 */
async function movePhone(
  trx: Executor,
  ctx: ServiceContext,
  customerId: number,
  phone: string,
  orderId?: number,
): Promise<number> {
  await lockCustomerOrders(trx, ctx, customerId);
  const view = await lockedCompanyCustomer(trx, ctx.companyId, customerId);
  if (!view) throw notFound();
  if (view.phone_number === phone) return customerId;
  if ((await companyCustomerIdOfPhone(trx, ctx.companyId, phone)) !== undefined)
    throw new HttpError(409, 'phone_taken');
  const to = await customerIdForPhone(trx, phone, ctx.now);
  try {
    await relinkCompanyCustomer(trx, { companyId: ctx.companyId, from: customerId, to, phone, now: ctx.now });
  } catch (err) {
    // An order of the company with that number landed meanwhile: it is now the company's own customer.
    if (isUniqueViolation(err)) throw new HttpError(409, 'phone_taken');
    throw err;
  }
  await moveCustomerOrders(trx, ctx, customerId, to);
  const noteOn = await orderForHistory(trx, ctx, to, orderId);
  if (noteOn) await recordEvent(trx, ctx, noteOn, 'phone_changed', { from: view.phone_number, to: phone });
  return to;
}

/** A flag by the current company (409 when it already flagged this customer), noted in the order's history. */
export async function flagCustomer(ctx: ServiceContext, customerId: number, body: unknown): Promise<void> {
  await requireCompanyCustomer(ctx.db.kysely, ctx, customerId);
  const { reason, order_id: orderId } = parse(flagBody, body);
  await ctx.db.transaction(async (trx) => {
    await requireCompanyCustomer(trx, ctx, customerId);
    // The history first: it waits for a write holding the order, which may be waiting for the
    // customer's row that the flag change then locks (beginFlagChange).
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await recordEvent(trx, ctx, noteOn, 'flagged', { reason });
    const flaggedBefore = await beginFlagChange(trx, customerId);
    if (!(await insertFlag(trx, { customerId, companyId: ctx.companyId, reason, now: ctx.now })))
      throw new HttpError(409, 'already_flagged');
    await flagsWritten(trx, customerId, flaggedBefore);
  });
}

/** Where a flag's removal is noted: the order it was removed from (a query parameter), optional. */
export const unflagQuery = z.object({
  order_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()),
});

/**
 * Removes the current company's flag (409 when it has none: another company's flags are theirs to
 * remove), noted in the order's history. A flag is the company's judgement, so it may change its mind.
 */
export async function unflagCustomer(ctx: ServiceContext, customerId: number, query: unknown): Promise<void> {
  await requireCompanyCustomer(ctx.db.kysely, ctx, customerId);
  const { order_id: orderId } = parse(unflagQuery, query);
  await ctx.db.transaction(async (trx) => {
    await requireCompanyCustomer(trx, ctx, customerId);
    const noteOn = await orderForHistory(trx, ctx, customerId, orderId);
    if (noteOn) await recordEvent(trx, ctx, noteOn, 'unflagged');
    const flaggedBefore = await beginFlagChange(trx, customerId);
    if (!(await deleteFlag(trx, { customerId, companyId: ctx.companyId }))) throw new HttpError(409, 'not_flagged');
    await flagsWritten(trx, customerId, flaggedBefore);
  });
}
