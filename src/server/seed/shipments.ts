import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import { recountOrderLists } from '../modules/order-counts/index.js';
import type { CodSettlementsTable, OrderEventsTable, ShipmentsTable } from '../db/schema.js';
import type { LabelParty } from '../lib/pdf/documents.js';
import { bucharestDate } from '../lib/bucharestTime.js';
import type { Clock } from '../lib/clock.js';
import { demoAccount as cargusDemoAccount, type CargusShipment } from '../emulators/cargus.js';
import { createDpdEmulator, senderOf, type DpdAccount, type DpdShipment } from '../emulators/dpd.js';
import { dbStore } from '../emulators/kit.js';
import { companyAccountHolder } from '../modules/integrations/index.js';
import {
  endingOf,
  repaymentOf,
  shippingCostBani,
  stagesAt,
  type Shipment,
  type Stage,
} from '../emulators/shipments.js';
import { attentionHistory, chooseAttentionEndings, type DemoCourier } from './attention.js';
import { seededRandom, type SeedContext } from './context.js';

/**
 * The demo orders' AWBs, made as if the shop had shipped them through the emulated couriers over the
 * last 90 days, so the dashboard and the Cash on delivery page have a past:
 *
 * - every `processing` order (./orders.ts draws statuses by age) takes an AWB at Cargus or DPD
 *   (each company has its own mix) an hour to a day after it was made, with its total as cash on
 *   delivery; one made in the last ten minutes waits for its AWB;
 * - the AWB is stored at the emulated courier as its create route stores it (emulator_records,
 *   numbers from the courier's own counter), so tracking, labels and the courier's repayment report
 *   know it; the shipment row is the console's, reference `<order>-1`. Cargus's are the shared demo
 *   account's with the company named as the sender (as the console sends it); DPD's are the
 *   company's own account's (opened here as the wizard opens it, so the login the wizard shows
 *   reaches them), at its client object, which names the company;
 * - the order's courier status is where the emulator's timeline has the AWB now (./emulators/
 *   shipments.ts: most delivered, about 1 in 10 refused, 1 in 20 not collected), a delivered order
 *   is completed, and its history says so (awb_created, status_changed, courier_status);
 * - a parcel refused, returning, failing its attempt or standing still needs attention as tracking
 *   would have read it (./attention.ts), with the history's attention_entered / attention_left; a
 *   few recent parcels of each company are given a failed attempt, a refusal waiting at the depot
 *   or no movement at the emulator (its `ending`), so each reason is there;
 * - what the courier has paid by now (emulators' repaymentOf: 3 days after delivery, a few late or
 *   short) is recorded as the console's courier sync would have recorded it (origin api, the
 *   courier client's reference), with the couriers' totals; the rest is still owed.
 *
 * The orders' tab counts are counted again afterwards (statuses moved); the kept per-day figures
 * are computed after this seeder (./orderStats.ts).
 */

const HOUR = 3600;

/** The console's courier status for the emulator's last stage: `returned` shows as `returning` (tracking's rule). */
const COURIER_STATUS: Record<Stage, string> = {
  pickedUp: 'pickedUp',
  in_transit: 'in_transit',
  inDelivery: 'inDelivery',
  failedAttempt: 'inDelivery',
  delivered: 'delivered',
  refused: 'refused',
  returning: 'returning',
  returned: 'returning',
};

/** The reference each courier client reads for a payment (providers/couriers): Cargus's DeductionId, DPD's payout id. */
function paymentReference(courier: DemoCourier, paidOn: string): string {
  return courier === 'cargus' ? `OP${paidOn.replace(/-/g, '')}` : String(Number(paidOn.replace(/-/g, '')));
}

export async function seedShipments(db: Db, ctx: SeedContext): Promise<void> {
  const now = ctx.now;
  const rand = seededRandom(29_000);
  const clock: Clock = { now: () => now };
  const cargus = cargusDemoAccount();
  const cargusLocation = cargus.locations[0];
  const dpdStore = dbStore(db, 'dpd', clock);
  const dpdEmulator = createDpdEmulator({ clock, store: dpdStore });
  const k = db.kysely;
  for (const [index, companyId] of ctx.companyIds.entries()) {
    const holder = await companyAccountHolder(k, companyId);
    const dpdLogin = await dpdEmulator.openAccount!(holder);
    const dpd = (await dpdStore.get<DpdAccount>('accounts', dpdLogin.username))!;
    const dpdClient = dpd.clients[0];
    const dpdSender = senderOf(dpdClient);
    const cargusShare = index % 2 === 0 ? 0.55 : 0.4;
    const orders = await k
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.created_at', 'o.total_value', 'd.name', 'd.address', 'd.city', 'd.county', 'd.zip_code'])
      .select('c.phone_number')
      .where('o.company_id', '=', companyId)
      .where('o.status', '=', 'processing')
      .orderBy('o.id')
      .execute();
    const made = orders
      .map((o) => ({ ...o, awbAt: o.created_at + HOUR + Math.floor(rand() * 23 * HOUR) }))
      .map((o) => ({ ...o, awbAt: Math.min(o.awbAt, now - 600) }))
      .filter((o) => o.awbAt > o.created_at)
      .map((o) => ({ ...o, courier: (rand() < cargusShare ? 'cargus' : 'dpd') as DemoCourier }));
    // Numbers from each courier's own counter, in the order the AWBs were made.
    made.sort((a, b) => a.awbAt - b.awbAt || a.id - b.id);
    const count = (c: DemoCourier) => made.filter((o) => o.courier === c).length;
    let nextCargus = count('cargus') ? await dbStore(db, 'cargus', clock).next('awb', 100000001, count('cargus')) : 0;
    let nextDpd = count('dpd') ? await dbStore(db, 'dpd', clock).next('parcel', 80912340001, count('dpd')) : 0;
    const numbered = made.map((o) => ({
      ...o,
      number: o.courier === 'cargus' ? `1${nextCargus++}` : String(nextDpd++),
      recipient: {
        name: o.name,
        contact: null,
        phone: o.phone_number,
        lines: [o.address ?? '', `${o.city ?? ''}, ${o.county ?? ''} ${o.zip_code ?? ''}`.trim()],
      } satisfies LabelParty,
    }));
    const endings = chooseAttentionEndings(
      numbered.map((o) => ({ id: o.id, awbAt: o.awbAt, courier: o.courier, ending: endingOf(o) })),
      now,
    );

    await db.transaction(async (trx) => {
      const records: {
        provider: string;
        collection: string;
        key: string;
        data: string;
        created_at: number;
        updated_at: number;
      }[] = [];
      const totals = new Map<DemoCourier, { parcels: number; expected: number; paid: number }>();
      const shipmentRows: Insertable<ShipmentsTable>[] = [];
      const eventRows: Insertable<OrderEventsTable>[] = [];
      const moves = new Map<string, number[]>();
      const payments: { orderId: number; row: Omit<Insertable<CodSettlementsTable>, 'shipment_id'> }[] = [];
      for (const o of numbered) {
        const cod = Number(o.total_value);
        const { number, recipient } = o;
        const ending = endings.get(o.id);
        const base: Shipment = {
          number,
          parcelNumbers: o.courier === 'cargus' ? [`${number}001`] : [number],
          createdAt: o.awbAt,
          account: o.courier === 'cargus' ? cargus.username : dpd.username,
          service: o.courier === 'cargus' ? 'Economic Standard' : 'DPD STANDARD',
          sender:
            o.courier === 'cargus'
              ? {
                  name: holder.name,
                  contact: cargusLocation.ContactPerson,
                  phone: cargusLocation.PhoneNumber,
                  lines: [
                    cargusLocation.AddressText,
                    `${cargusLocation.LocalityName}, ${cargusLocation.CountyName} ${cargusLocation.CodPostal}`,
                  ],
                }
              : dpdSender.party,
          recipient,
          recipientLocality: o.city ?? '',
          senderLocality: o.courier === 'cargus' ? cargusLocation.LocalityName : dpdSender.locality,
          parcels: 1,
          weightKg: 1,
          codBani: cod,
          declaredBani: 0,
          content: 'Produse comandate',
          reference: `${o.id}-1`,
          observations: null,
          costBani: shippingCostBani(1, cod),
          deleted: false,
          ...(ending ? { ending } : {}),
        };
        const stored: CargusShipment | DpdShipment =
          o.courier === 'cargus'
            ? { ...base, locationId: cargusLocation.LocationId }
            : { ...base, clientId: dpdClient.clientId };
        const at = { created_at: o.awbAt, updated_at: o.awbAt };
        records.push({
          provider: o.courier,
          collection: 'shipments',
          key: number,
          data: JSON.stringify(stored),
          ...at,
        });
        if (o.courier === 'dpd')
          records.push({ provider: 'dpd', collection: 'parcels', key: number, data: JSON.stringify(number), ...at });

        shipmentRows.push({
          company_id: companyId,
          order_id: o.id,
          courier: o.courier,
          state: 'created',
          reference: `${o.id}-1`,
          cod_bani: cod,
          weight_grams: 1000,
          awb: number,
          parcel_numbers: JSON.stringify(stored.parcelNumbers),
          cost_bani: stored.costBani,
          previous_status: 'new',
          error: null,
          created_by: ctx.userId,
          created_at: o.awbAt,
          updated_at: o.awbAt,
        });

        const stages = stagesAt(stored, now);
        const last = stages.at(-1);
        const courierStatus = last ? COURIER_STATUS[last.stage] : 'created';
        const delivered = courierStatus === 'delivered';
        // A parcel refused at the door stays refused for the dashboard while it goes back (awb_refused).
        const refusal = stages.find((st) => st.stage === 'refused');
        const attention = attentionHistory(o.courier, o.awbAt, stages, now);
        const move = [
          o.courier,
          courierStatus,
          delivered ? 'completed' : 'processing',
          refusal ? 1 : 0,
          attention.attention ?? '',
        ].join('|');
        moves.set(move, [...(moves.get(move) ?? []), o.id]);
        const events: { type: string; data: Record<string, unknown>; at: number }[] = [
          { type: 'awb_created', data: { courier: o.courier, awb: number }, at: o.awbAt },
          { type: 'status_changed', data: { from: 'new', to: 'processing' }, at: o.awbAt },
        ];
        // The history as tracking would have written it: the refusal, then the way back.
        if (refusal && courierStatus !== 'refused')
          events.push(
            { type: 'courier_status', data: { awb: number, from: 'created', to: 'refused' }, at: refusal.at },
            { type: 'courier_status', data: { awb: number, from: 'refused', to: courierStatus }, at: last!.at },
          );
        else if (last)
          events.push({
            type: 'courier_status',
            data: { awb: number, from: 'created', to: courierStatus },
            at: last.at,
          });
        if (delivered)
          events.push({ type: 'status_changed', data: { from: 'processing', to: 'completed' }, at: last!.at });
        for (const entry of attention.entries)
          events.push({ type: entry.type, data: { reason: entry.reason }, at: entry.at });
        eventRows.push(
          ...events.map((e) => ({
            order_id: o.id,
            user_id: e.type === 'awb_created' || e.type === 'status_changed' ? ctx.userId : null,
            type: e.type,
            data: JSON.stringify(e.data),
            created_at: e.at,
          })),
        );

        const repayment = repaymentOf(stored, now);
        if (repayment?.paidAt == null) continue;
        const paidOn = bucharestDate(repayment.paidAt);
        payments.push({
          orderId: o.id,
          row: {
            company_id: companyId,
            courier: o.courier,
            awb: number,
            order_id: o.id,
            expected_bani: cod,
            paid_bani: repayment.paidBani,
            fee_bani: 0,
            paid_on: paidOn,
            reference: paymentReference(o.courier, paidOn),
            origin: 'api',
            created_by: null,
            created_at: repayment.paidAt,
          },
        });
        const t = totals.get(o.courier) ?? { parcels: 0, expected: 0, paid: 0 };
        t.parcels++;
        t.expected += cod;
        t.paid += repayment.paidBani;
        totals.set(o.courier, t);
      }
      // Written in chunks: one statement per few hundred rows, not per order.
      const shipmentIds = new Map<number, number>();
      for (let i = 0; i < shipmentRows.length; i += 500)
        for (const r of await trx
          .insertInto('shipments')
          .values(shipmentRows.slice(i, i + 500))
          .returning(['id', 'order_id'])
          .execute())
          shipmentIds.set(r.order_id, r.id);
      // The history first: an order's attention dates from its latest attention_entered.
      for (let i = 0; i < eventRows.length; i += 500)
        await trx
          .insertInto('order_events')
          .values(eventRows.slice(i, i + 500))
          .execute();
      for (const [move, ids] of moves) {
        const [courier, courierStatus, status, refused, attention] = move.split('|');
        for (let i = 0; i < ids.length; i += 500)
          await trx
            .updateTable('orders')
            .set({
              courier,
              courier_status: courierStatus,
              awb_refused: Number(refused),
              status,
              awb: (eb) =>
                eb
                  .selectFrom('shipments')
                  .select('shipments.awb')
                  .whereRef('shipments.order_id', '=', 'orders.id')
                  .where('shipments.state', '=', 'created'),
              attention: attention || null,
              attention_since: attention
                ? (eb) =>
                    eb
                      .selectFrom('order_events')
                      .select((e) => e.fn.max('order_events.created_at').as('at'))
                      .whereRef('order_events.order_id', '=', 'orders.id')
                      .where('order_events.type', '=', 'attention_entered')
                : null,
              updated_at: now,
            })
            .where('id', 'in', ids.slice(i, i + 500))
            .execute();
      }
      const settlementRows = payments.map((p) => ({ ...p.row, shipment_id: shipmentIds.get(p.orderId)! }));
      for (let i = 0; i < settlementRows.length; i += 500)
        await trx
          .insertInto('cod_settlements')
          .values(settlementRows.slice(i, i + 500))
          .execute();
      for (let i = 0; i < records.length; i += 500)
        await trx
          .insertInto('emulator_records')
          .values(records.slice(i, i + 500))
          .execute();
      for (const [courier, t] of totals)
        await trx
          .insertInto('cod_totals')
          .values({
            company_id: companyId,
            courier,
            parcels: t.parcels,
            expected_bani: t.expected,
            paid_bani: t.paid,
            fee_bani: 0,
          })
          .execute();
      // The orders' kept counts again: delivered orders moved from processing to completed, AWBs came.
      await recountOrderLists(trx, companyId);
    });
  }
}
