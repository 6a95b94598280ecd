import { sql } from 'kysely';
import { COD_DEFAULT_UNPAID_DAYS } from '../../../core/api/cod.js';
import type { Executor } from '../../db/connection.js';

/**
 * The SQL of cash on delivery. The cash on delivery of an AWB is the one its shipment was created
 * with (`shipments.cod_bani`, the order's total at AWB time unless the seller chose otherwise),
 * read where it is kept; this module writes only its own tables (`cod_settlements`, `cod_settings`).
 */

/** An AWB made for a company at a courier (its active shipment), as a settlement row meets it. */
export interface AwbOfCourier {
  shipment_id: number;
  company_id: number;
  order_id: number;
  awb: string;
  cod_bani: number;
}

const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The created AWBs of a courier with these numbers, whatever their company: the caller tells the
 * company's own from the others' (which it never matches nor names). Read by the index on
 * (courier, awb), in chunks of 500 numbers.
 */
export async function awbsOfCourier(exec: Executor, courier: string, awbs: string[]): Promise<AwbOfCourier[]> {
  const out: AwbOfCourier[] = [];
  for (const part of chunks([...new Set(awbs)])) {
    const rows = await exec
      .selectFrom('shipments')
      .select(['id as shipment_id', 'company_id', 'order_id', 'awb', 'cod_bani'])
      .where('courier', '=', courier)
      .where('awb', 'in', part)
      .where('state', '=', 'created')
      .execute();
    for (const r of rows) out.push({ ...r, awb: r.awb!, cod_bani: Number(r.cod_bani) });
  }
  return out;
}

export interface SettlementRecord {
  id: number;
  courier: string;
  awb: string;
  shipment_id: number;
  order_id: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
  paid_on: string;
  reference: string;
  origin: string;
}

const settlementColumns = [
  'id',
  'courier',
  'awb',
  'shipment_id',
  'order_id',
  'expected_bani',
  'paid_bani',
  'fee_bani',
  'paid_on',
  'reference',
  'origin',
] as const;

function settlementOf(r: SettlementRecord): SettlementRecord {
  return {
    ...r,
    expected_bani: Number(r.expected_bani),
    paid_bani: Number(r.paid_bani),
    fee_bani: Number(r.fee_bani),
  };
}

/** The company's settlements of these AWBs at a courier. */
export async function settlementsOf(
  exec: Executor,
  companyId: number,
  courier: string,
  awbs: string[],
): Promise<SettlementRecord[]> {
  const out: SettlementRecord[] = [];
  for (const part of chunks([...new Set(awbs)])) {
    const rows = await exec
      .selectFrom('cod_settlements')
      .select(settlementColumns)
      .where('company_id', '=', companyId)
      .where('courier', '=', courier)
      .where('awb', 'in', part)
      .execute();
    out.push(...rows.map(settlementOf));
  }
  return out;
}

export interface NewSettlement {
  company_id: number;
  courier: string;
  awb: string;
  shipment_id: number;
  order_id: number;
  expected_bani: number;
  paid_bani: number;
  fee_bani: number;
  paid_on: string;
  reference: string;
  origin: 'file' | 'api';
  created_by: number | null;
  created_at: number;
}

/**
 * Saves settlements; one for an AWB already paid is left out (the unique index decides, so two
 * imports at once save each AWB once). Answers how many were saved.
 */
export async function insertSettlements(exec: Executor, rows: NewSettlement[]): Promise<number> {
  let saved = 0;
  for (const row of rows) {
    const res = await exec
      .insertInto('cod_settlements')
      .values(row)
      .onConflict((oc) => oc.columns(['company_id', 'courier', 'awb']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    saved++;
    // The company's sums per courier, in the same transaction: the dashboard's "still owed" reads them.
    await exec
      .insertInto('cod_totals')
      .values({
        company_id: row.company_id,
        courier: row.courier,
        parcels: 1,
        expected_bani: row.expected_bani,
        paid_bani: row.paid_bani,
        fee_bani: row.fee_bani,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'courier']).doUpdateSet({
          parcels: sql<number>`cod_totals.parcels + 1`,
          expected_bani: sql<number>`cod_totals.expected_bani + excluded.expected_bani`,
          paid_bani: sql<number>`cod_totals.paid_bani + excluded.paid_bani`,
          fee_bani: sql<number>`cod_totals.fee_bani + excluded.fee_bani`,
        }),
      )
      .execute();
  }
  return saved;
}

export interface SummaryRecord {
  courier: string;
  parcels: number;
  collected: number;
  paid_out: number;
  fees: number;
  owed: number;
  differences: number;
}

/**
 * Per courier, the company's AWBs with cash on delivery made in [from, to): how many, what the
 * courier collected (delivered, or paid: a payment proves the collection), paid out and kept as
 * fees, what is still owed (collected and unpaid) and how many payments do not add up. A range
 * read on shipments (company, created_at).
 */
export async function summaryOf(exec: Executor, companyId: number, from: number, to: number): Promise<SummaryRecord[]> {
  const rows = await exec
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('cod_settlements as c', 'c.shipment_id', 's.id')
    .where('s.company_id', '=', companyId)
    .where('s.created_at', '>=', from)
    .where('s.created_at', '<', to)
    .where('s.state', '=', 'created')
    .where('s.cod_bani', '>', 0)
    .select([
      's.courier',
      sql<number>`count(*)`.as('parcels'),
      sql<number>`sum(case when c.id is not null or o.courier_status = 'delivered' then s.cod_bani else 0 end)`.as(
        'collected',
      ),
      sql<number>`sum(coalesce(c.paid_bani, 0))`.as('paid_out'),
      sql<number>`sum(coalesce(c.fee_bani, 0))`.as('fees'),
      sql<number>`sum(case when c.id is null and o.courier_status = 'delivered' then s.cod_bani else 0 end)`.as('owed'),
      sql<number>`sum(case when c.id is not null and c.paid_bani + c.fee_bani <> c.expected_bani then 1 else 0 end)`.as(
        'differences',
      ),
    ])
    .groupBy('s.courier')
    .orderBy('s.courier')
    .execute();
  return rows.map((r) => ({
    courier: r.courier,
    parcels: Number(r.parcels),
    collected: Number(r.collected ?? 0),
    paid_out: Number(r.paid_out ?? 0),
    fees: Number(r.fees ?? 0),
    owed: Number(r.owed ?? 0),
    differences: Number(r.differences ?? 0),
  }));
}

/**
 * The company's delivered AWBs with cash on delivery that no payment settled, made before
 * `before` (seconds), oldest first. Walks shipments (company, created_at) from the oldest.
 */
function unpaidQuery(exec: Executor, companyId: number, before: number) {
  return exec
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('cod_settlements as c', 'c.shipment_id', 's.id')
    .where('s.company_id', '=', companyId)
    .where('s.created_at', '<', before)
    .where('s.state', '=', 'created')
    .where('s.cod_bani', '>', 0)
    .where('o.courier_status', '=', 'delivered')
    .where('c.id', 'is', null)
    .select(['s.order_id', 's.courier', 's.awb', 's.cod_bani', 's.created_at', 's.id']);
}

export async function unpaidPage(
  exec: Executor,
  companyId: number,
  before: number,
  limit: number,
  offset: number,
): Promise<{ order_id: number; courier: string; awb: string; cod_bani: number; created_at: number }[]> {
  const rows = await unpaidQuery(exec, companyId, before)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    order_id: r.order_id,
    courier: r.courier,
    awb: r.awb!,
    cod_bani: Number(r.cod_bani),
    created_at: Number(r.created_at),
  }));
}

export { unpaidQuery };

/** The company's payments that do not add up to their cash on delivery, newest payment first (at most `limit`). */
export async function differencesOf(exec: Executor, companyId: number, limit: number): Promise<SettlementRecord[]> {
  const rows = await exec
    .selectFrom('cod_settlements')
    .select(settlementColumns)
    .where('company_id', '=', companyId)
    .where(sql<boolean>`paid_bani + fee_bani <> expected_bani`)
    .orderBy('paid_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(settlementOf);
}

/** The settlement of one AWB of the company, if paid. */
export async function settlementOfShipment(exec: Executor, shipmentId: number): Promise<SettlementRecord | undefined> {
  const row = await exec
    .selectFrom('cod_settlements')
    .select(settlementColumns)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return row ? settlementOf(row) : undefined;
}

export async function unpaidDaysOf(exec: Executor, companyId: number): Promise<number> {
  const row = await exec
    .selectFrom('cod_settings')
    .select('unpaid_days')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.unpaid_days ?? COD_DEFAULT_UNPAID_DAYS;
}

export async function storeUnpaidDays(exec: Executor, companyId: number, days: number, now: number): Promise<void> {
  await exec
    .insertInto('cod_settings')
    .values({ company_id: companyId, unpaid_days: days, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ unpaid_days: days, updated_at: now }))
    .execute();
}
