import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';

/**
 * What an AWB to the order's own address needs of the order, in one statement: that it is the
 * company's (none: 404), the recipient as its customer details give them (name, phone, e-mail,
 * address and its ids, postal code), whether its address waits for the seller's look
 * (`address_check`), its observations, and the company's name (the sender the courier prints).
 * Nothing else of the order: a bulk AWB job reads this once an order, where the order's whole
 * answer (lines, discounts, history) was read before only to take these fields out of it.
 */
export interface AwbSubject {
  name: string | null;
  phone_number: string | null;
  email: string | null;
  county: string | null;
  county_id: number | null;
  city: string | null;
  city_id: number | null;
  street: string | null;
  street_id: number | null;
  street_number: string | null;
  zip_code: string | null;
  address: string | null;
  /** orders.address_check: the stored JSON of an address "to check", or null. */
  address_check: string | null;
  observations: string | null;
  sender_name: string;
}

export async function awbSubjectOf(
  exec: Executor,
  companyId: number,
  orderId: number,
): Promise<AwbSubject | undefined> {
  return (await awbSubject(exec, { companyId, orderId }))[0];
}

const awbSubject = prepared((exec, v: { companyId: number; orderId: number }) =>
  exec
    .selectFrom('orders as o')
    .innerJoin('companies as co', 'co.id', 'o.company_id')
    .leftJoin('order_customer_details as d', 'd.order_id', 'o.id')
    .leftJoin('company_customers as cc', (j) =>
      j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
    )
    .select([
      'd.name',
      'cc.phone_number',
      'd.email',
      'd.county',
      'd.county_id',
      'd.city',
      'd.city_id',
      'd.street',
      'd.street_id',
      'd.street_number',
      'd.zip_code',
      'd.address',
      'o.address_check',
      'o.observations',
      'co.name as sender_name',
    ])
    .where('o.id', '=', v.orderId)
    .where('o.company_id', '=', v.companyId),
);
