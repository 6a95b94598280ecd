import type { Customer, Flag } from '../../../core/api/orders.js';
import { sql, type RawBuilder } from 'kysely';
import type { Engine, Executor } from '../../db/connection.js';
import { forUpdate } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';
import { jsonBoolean, nestedObject, parsedJson, partArray } from '../../db/json.js';
import { fromBani } from '../../../core/money.js';
import { customerOrderTotals } from '../order-lifecycle/index.js';

/**
 * The SQL of customers (people by phone, shared across companies), of each company's view of
 * them (company_customers: the phone, name and email it knows, its order count) and of flags.
 * What a company is shown of a customer is read from its own view only; the shared person row is
 * the identity behind the views (flags hang on it) and is never changed once written.
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

/** A flag row as flagsOf and flagsJson read it. */
export interface FlagRow {
  customer_id: number;
  company_id: number;
  reason: string;
  created_at: number;
}

/** A flag as the company sees it: another company's id never leaves this module. */
const toFlag = (companyId: number, r: Omit<FlagRow, 'customer_id'>): Flag => {
  const own = r.company_id === companyId;
  return {
    reason: r.reason,
    created_at: Number(r.created_at),
    flagged_by_company_id: own ? companyId : null,
    by_this_company: own,
  };
};

/** Every flag of these customers, in one query; another company's id never leaves this function. */
export async function flagsOf(exec: Executor, companyId: number, customerIds: number[]): Promise<Map<number, Flag[]>> {
  const out = new Map<number, Flag[]>();
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return out;
  for (const r of await flagRows(exec, { ids })) {
    const list = out.get(r.customer_id) ?? [];
    list.push(toFlag(companyId, r));
    out.set(r.customer_id, list);
  }
  return out;
}

/**
 * The flags of the customer `customerRef` names, as a JSON array in flagsOf's order, for a
 * statement that answers customers with their flags in one round trip (text on SQLite: read it
 * with parsedJson, then flagsFromJson).
 */
export const flagsJson = (customerRef: string, engine: Engine = 'postgres') =>
  partArray(
    engine,
    nestedObject(engine, [
      ['company_id', sql`f.company_id`],
      ['reason', sql`f.reason`],
      ['created_at', sql`f.created_at`],
    ]),
    sql`f.created_at desc, f.id desc`,
    sql`from flags f where f.customer_id = ${sql.ref(customerRef)}`,
  ).$castTo<Omit<FlagRow, 'customer_id'>[] | string>();

/**
 * The flags of the customer `customerRef` names as the company sees them (toFlag: another
 * company's id never leaves the statement), in flagsOf's order: a JSON array the database writes
 * as the API answers it, for a page answered as JSON text (db/json.ts, jsonItems).
 */
export const flagsAnswerJson = (customerRef: string, companyId: number, engine: Engine): RawBuilder<unknown> => {
  const own = sql`f.company_id = ${companyId}`;
  const flag = nestedObject(engine, [
    ['reason', sql`f.reason`],
    ['created_at', sql`f.created_at`],
    ['flagged_by_company_id', sql`case when ${own} then f.company_id end`],
    ['by_this_company', jsonBoolean(engine, own)],
  ]);
  const flags = partArray(
    engine,
    flag,
    sql`f.created_at desc, f.id desc`,
    sql`from flags f where f.customer_id = ${sql.ref(customerRef)}`,
  );
  // SQLite loses the JSON subtype across a subquery; json() restores it.
  return engine === 'postgres' ? flags : sql`json(${flags})`;
};

/** The flags flagsJson answered, as the company sees them. */
export const flagsFromJson = (companyId: number, rows: Omit<FlagRow, 'customer_id'>[]): Flag[] =>
  rows.map((r) => toFlag(companyId, r));

// ---- customers --------------------------------------------------------------------------------

/**
 * The customer as the company is shown them, with their flags and what they spent with it, in one
 * statement; undefined when they never ordered from it.
 */
export async function findShownCustomer(
  exec: Executor,
  engine: Engine,
  companyId: number,
  customerId: number,
): Promise<Customer | undefined> {
  const row = await exec
    .selectFrom('company_customers as cc')
    .select(shownColumns(engine, companyId))
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId)
    .executeTakeFirst();
  return row && shownCustomer(companyId, row);
}

/**
 * The columns of the company's view `cc` a customer is shown with: the flags as JSON (flagsJson)
 * and the order totals (customerOrderTotals) read by the same statement as the customers, never
 * a query per customer.
 */
export const shownColumns = (engine: Engine, companyId: number) => {
  const totals = customerOrderTotals(companyId, 'cc.customer_id');
  return [
    'cc.customer_id as id',
    'cc.phone_number',
    'cc.name',
    'cc.email',
    'cc.orders_count',
    'cc.created_at',
    flagsJson('cc.customer_id', engine).as('flags'),
    totals.spent.as('spent'),
    totals.lastOrderAt.as('last_order_at'),
  ] as const;
};

/** A customer row as the statements of this module read it: the columns of shownColumns. */
export interface ShownRow {
  id: number;
  phone_number: string;
  name: string;
  email: string | null;
  orders_count: number | string;
  created_at: number | string;
  flags: Omit<FlagRow, 'customer_id'>[] | string;
  spent: number | string;
  last_order_at: number | string | null;
}

export const shownCustomer = (companyId: number, r: ShownRow): Customer => ({
  id: r.id,
  name: r.name,
  phone_number: r.phone_number,
  email: r.email,
  orders_count: Number(r.orders_count),
  total_spent: fromBani(Number(r.spent)),
  last_order_at: r.last_order_at === null ? null : Number(r.last_order_at),
  flags: flagsFromJson(companyId, parsedJson(r.flags)),
  created_at: Number(r.created_at),
});

/** The customer as this company knows them (they ordered from it), or undefined. */
export async function findCompanyCustomer(exec: Executor, companyId: number, customerId: number) {
  return companyView(exec, companyId, customerId).executeTakeFirst();
}

/** The company's view of the customer locked until the transaction ends (PostgreSQL), or undefined. */
export async function lockedCompanyCustomer(trx: Executor, companyId: number, customerId: number) {
  return forUpdate(trx, companyView(trx, companyId, customerId)).executeTakeFirst();
}

const companyView = (exec: Executor, companyId: number, customerId: number) =>
  exec
    .selectFrom('company_customers as cc')
    .select(['cc.customer_id as id', 'cc.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId);

/** The company's own customer with this (normalised) phone, if it has one; never another company's. */
export async function companyCustomerIdOfPhone(
  exec: Executor,
  companyId: number,
  phone: string,
): Promise<number | undefined> {
  const row = await exec
    .selectFrom('company_customers')
    .select('customer_id')
    .where('company_id', '=', companyId)
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  return row?.customer_id;
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

/**
 * Inserts the company's view of the customer, with the number the person is known by; false when
 * it exists (the caller adds one order to it). The conflict names no index: the view is unique by
 * person and by number, and PostgreSQL does nothing only for a conflict on an index it was told to
 * expect, so two first orders of one new customer at once would otherwise make the second fail on
 * the number's index instead of joining the first's row.
 */
export async function insertCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; phone: string; name: string; email: string | null; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('company_customers')
    .values({
      company_id: v.companyId,
      customer_id: v.customerId,
      phone_number: v.phone,
      name: v.name,
      email: v.email,
      orders_count: 1,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** One order more on the company's view of the customer; false when the view is gone (moved to another number meanwhile). */
export async function addOrderToCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; name: string; email: string | null; now: number },
): Promise<boolean> {
  const res = await trx
    .updateTable('company_customers')
    .set({
      orders_count: sql<number>`orders_count + 1`,
      name: v.name,
      ...(v.email ? { email: v.email } : {}),
      updated_at: v.now,
    })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.customerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
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

/**
 * The company's view moves from one person to the person of its new number (name, email, order
 * count and date kept): only this company's row is written, so no other company's view changes.
 */
export async function relinkCompanyCustomer(
  trx: Executor,
  v: { companyId: number; from: number; to: number; phone: string; now: number },
): Promise<void> {
  await trx
    .updateTable('company_customers')
    .set({ customer_id: v.to, phone_number: v.phone, updated_at: v.now })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.from)
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

/** Removes the company's own flag on the customer; false when it had none (another company's flags stay). */
export async function deleteFlag(trx: Executor, v: { customerId: number; companyId: number }): Promise<boolean> {
  const removed = await trx
    .deleteFrom('flags')
    .where('customer_id', '=', v.customerId)
    .where('company_id', '=', v.companyId)
    .returning('id')
    .executeTakeFirst();
  return Boolean(removed);
}
