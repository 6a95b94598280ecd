import type { Customer, Flag } from '../../../core/api/orders.js';
import { searchCountBound, type ListMeta } from '../../../core/api/list.js';
import { normalizePhone } from '../../../core/orders/phone.js';
import { sql } from 'kysely';
import type { Engine, Executor } from '../../db/connection.js';
import { forUpdate } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';
import { boundedCount, containsPattern, keptCount, pageMeta, type ListTotal } from '../../http/list.js';

/**
 * The SQL of customers (people by phone, shared across companies), of each company's view of
 * them (company_customers: the name and email it knows, its order count) and of flags.
 */

// ---- flags ------------------------------------------------------------------------------------

const flagRows = prepared(
  (exec, v: { ids: number[] }) =>
    exec
      .selectFrom('flags')
      .select(['customer_id', 'company_id', 'reason', 'created_at'])
      .where('customer_id', 'in', v.ids)
      .orderBy('customer_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  { lists: ['ids'] },
);

/** Every flag of these customers, in one query; another company's id never leaves this function. */
export async function flagsOf(exec: Executor, companyId: number, customerIds: number[]): Promise<Map<number, Flag[]>> {
  const out = new Map<number, Flag[]>();
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return out;
  for (const r of await flagRows(exec, { ids })) {
    const own = r.company_id === companyId;
    const list = out.get(r.customer_id) ?? [];
    list.push({
      reason: r.reason,
      created_at: Number(r.created_at),
      flagged_by_company_id: own ? companyId : null,
      by_this_company: own,
    });
    out.set(r.customer_id, list);
  }
  return out;
}

// ---- customers --------------------------------------------------------------------------------

/**
 * The customers who ordered from the company, newest first. meta.total is the kept count; a search
 * (phone in any form, or a substring of the name or email this company has) counts its matches up
 * to the page's offset plus SEARCH_COUNT_WINDOW.
 */
export async function listCustomers(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: { page: number; items: number; search: string },
): Promise<{ data: Customer[]; meta: ListMeta }> {
  const offset = (q.page - 1) * q.items;
  let filtered = exec
    .selectFrom('company_customers as cc')
    .innerJoin('customers as c', 'c.id', 'cc.customer_id')
    .where('cc.company_id', '=', companyId);
  let known: ListTotal;
  if (q.search) {
    const phone = normalizePhone(q.search);
    const op = engine === 'postgres' ? 'ilike' : 'like';
    const pattern = containsPattern(q.search);
    filtered = phone
      ? filtered.where('c.phone_number', '=', phone)
      : filtered.where((eb) => eb.or([eb('cc.name', op, pattern), eb('cc.email', op, pattern)]));
    known = await boundedCount(exec, filtered, searchCountBound(offset, q.items));
  } else {
    known = await keptCount(exec, companyId, 'customers');
  }
  const rows = await filtered
    .select(['c.id', 'c.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .orderBy('cc.customer_id', 'desc')
    .limit(q.items)
    .offset(offset)
    .execute();
  const flags = await flagsOf(
    exec,
    companyId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone_number: r.phone_number,
      email: r.email,
      orders_count: Number(r.orders_count),
      flags: flags.get(r.id) ?? [],
      created_at: Number(r.created_at),
    })),
    meta: pageMeta(known, q.page, q.items),
  };
}

/** The customer as this company knows them (they ordered from it), or undefined. */
export async function findCompanyCustomer(exec: Executor, companyId: number, customerId: number) {
  return exec
    .selectFrom('company_customers as cc')
    .innerJoin('customers as c', 'c.id', 'cc.customer_id')
    .select(['c.id', 'c.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId)
    .executeTakeFirst();
}

// ---- writing ----------------------------------------------------------------------------------

/** The customer with this (normalised) phone, created if new; safe when two orders of a new person arrive at once. */
export async function customerIdForPhone(trx: Executor, phone: string, now: number): Promise<number> {
  await trx
    .insertInto('customers')
    .values({ phone_number: phone, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .execute();
  const row = await trx
    .selectFrom('customers')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts the company's view of the customer; false when it exists (the caller adds one order to it). */
export async function insertCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; name: string; email: string | null; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('company_customers')
    .values({
      company_id: v.companyId,
      customer_id: v.customerId,
      name: v.name,
      email: v.email,
      orders_count: 1,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.columns(['company_id', 'customer_id']).doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function addOrderToCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; name: string; email: string | null; now: number },
): Promise<void> {
  await trx
    .updateTable('company_customers')
    .set({
      orders_count: sql<number>`orders_count + 1`,
      name: v.name,
      ...(v.email ? { email: v.email } : {}),
      updated_at: v.now,
    })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.customerId)
    .execute();
}

/** One order less; true when it was the customer's last in the company (the row goes). */
export async function removeOrderFromCompanyCustomer(
  trx: Executor,
  companyId: number,
  customerId: number,
): Promise<boolean> {
  await trx
    .updateTable('company_customers')
    .set({ orders_count: sql<number>`orders_count - 1` })
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
  const gone = await trx
    .deleteFrom('company_customers')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .where('orders_count', '<=', 0)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function updateCompanyCustomer(
  trx: Executor,
  companyId: number,
  customerId: number,
  set: { name?: string; email?: string | null },
  now: number,
): Promise<void> {
  await trx
    .updateTable('company_customers')
    .set({ ...set, updated_at: now })
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
}

export function lockedCustomer(trx: Executor, customerId: number) {
  return forUpdate(trx, trx.selectFrom('customers').selectAll().where('id', '=', customerId)).executeTakeFirstOrThrow();
}

export async function customerIdOfPhone(trx: Executor, phone: string): Promise<number | undefined> {
  return (await trx.selectFrom('customers').select('id').where('phone_number', '=', phone).executeTakeFirst())?.id;
}

export async function setCustomerPhone(trx: Executor, customerId: number, phone: string, now: number): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ phone_number: phone, updated_at: now })
    .where('id', '=', customerId)
    .execute();
}

/** A flag by the company; false when it had already flagged the customer (one flag per company and customer). */
export async function insertFlag(
  trx: Executor,
  v: { customerId: number; companyId: number; reason: string; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('flags')
    .values({ customer_id: v.customerId, company_id: v.companyId, reason: v.reason, created_at: v.now })
    .onConflict((oc) => oc.columns(['customer_id', 'company_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}
