import type { Selectable, Transaction } from 'kysely';
import { AWB_COURIERS, awbProblem, type AwbCourier, type AwbInput } from '../../../core/api/shipping.js';
import type { ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { FieldProblems, HttpError, notFound } from '../../http/errors.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { CourierClient, CreateAwbInput, CreatedAwb } from '../../providers/couriers/types.js';
import { isProviderError, PROVIDER_LABELS, ProviderError, type ProviderErrorKind } from '../../providers/http.js';
import type { GeoData } from '../geo/data.js';
import { listCompanyIntegrations } from '../integrations/queries.js';
import { configurationOf, isUsable, scrub, storedCredentials } from '../integrations/service.js';
import { bumpCounts } from '../orders/queries.js';
import { lockOrder, record } from '../orders/service.js';
import { assertAddressAgrees, resolveAddress, type ResolvedAddress } from './address.js';
import './messages.js';
import {
  activeShipment,
  countShipments,
  insertPendingShipment,
  knownAwbs,
  moveShipment,
  parcelNumbersOf,
  shipmentById,
  type ShipmentRow,
} from './queries.js';

/**
 * AWBs on orders (spec part 1: the AWB calls, section 4's rules): create, label, delete, and the
 * settling of a create whose answer never came.
 *
 * An AWB is never made twice for one order. A create first writes a `pending` shipment row in the
 * transaction that checks the order has none (a partial unique index makes two creates at the same
 * moment impossible), then calls the courier once, outside any transaction, then records what
 * happened. No answer (timeout, a lost connection) leaves the row `unknown`: before anything else
 * the courier is asked for an AWB with the create's reference, by the next create or by the
 * background check (jobs.ts), and the row becomes `created` (the order adopts that AWB) or
 * `failed` (there is none).
 */

export interface ShippingDeps {
  /** Opens the company's stored courier credentials. */
  secrets: SecretBox;
  /** The address data the postal-code rule reads. */
  geo: GeoData;
}

type Trx = Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/** The background check of a shipment (jobs.ts): first run this long after the create started. */
export const SETTLE_JOB = 'shipment-settle';
export const SETTLE_FIRST_CHECK_SECONDS = 60;
/**
 * A `pending` row older than this has lost its request (the process stopped mid-call): it is
 * treated as unknown. Far above the longest create (a login, a read and the create, each within
 * the provider time limit, reads retried).
 */
export const PENDING_STALE_SECONDS = 10 * 60;
/** A lookup reads AWBs from a little before the create (clocks differ). */
const LOOKUP_MARGIN_SECONDS = 10 * 60;

/** The courier said no: nothing was made. Every other failure of a create leaves the outcome unknown. */
const REFUSALS: ProviderErrorKind[] = ['rejected', 'refused_credentials', 'not_found', 'rate_limited'];

/** A 409 that answers with the order as it is (the route adds it), so the page shows the AWB or its state. */
export class AwbConflict extends HttpError {
  constructor(key: string, params: Record<string, string> = {}) {
    super(409, key, params);
  }
}

const label = (courier: string) => PROVIDER_LABELS[courier as AwbCourier] ?? courier;

/** The status an AWB moves the order from (only `new` moves, to `processing`): kept on the row for the delete. */
const statusMovedFrom = (status: string): string | null => (status === 'new' ? status : null);

async function orderOf(ctx: ServiceContext, orderId: number): Promise<OrderRow> {
  const order = await ctx.db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).where('company_id', '=', ctx.companyId).executeTakeFirst();
  if (!order) throw notFound();
  return order;
}

/** The company's couriers an AWB can be made with: active, logged in, pickup point chosen (Sameday: and a contact person). */
async function usableCouriers(ctx: ServiceContext): Promise<string[]> {
  const rows = await listCompanyIntegrations(ctx.db.kysely, ctx.companyId);
  return rows.filter((r) => r.type === 'courier' && (AWB_COURIERS as readonly string[]).includes(r.key) && isUsable(r)).map((r) => r.key);
}

interface CourierAccount {
  client: CourierClient;
  pickupPointId: string;
  contactPersonId: string | undefined;
  credentials: object;
}

/** A client on the company's stored login of that courier (409 when there is none). */
async function courierAccount(ctx: ServiceContext, deps: Pick<ShippingDeps, 'secrets'>, courier: AwbCourier): Promise<CourierAccount> {
  const { row, credentials } = await storedCredentials(ctx, deps, courier);
  if (!ctx.providers) throw new Error('no provider registry in this context');
  const c = credentials as { username: string; password: string; api_key?: string };
  const configuration = configurationOf(row);
  return {
    client: ctx.providers.courier(courier, { username: c.username, password: c.password, ...(c.api_key ? { api_key: c.api_key } : {}) }),
    pickupPointId: configuration.pickup_point_id ?? '',
    contactPersonId: configuration.contact_person_id,
    credentials,
  };
}

/** The courier's error with any stored secret it quoted masked (its words reach the user). */
function scrubbed(err: ProviderError, credentials: object): ProviderError {
  return new ProviderError(err.provider, err.kind, scrub(err.providerMessage, credentials), { status: err.status, fieldErrors: err.fieldErrors, retryAfterSeconds: err.retryAfterSeconds });
}

function conflictOf(order: OrderRow, active: ShipmentRow | undefined): AwbConflict {
  if (active?.state === 'pending') return new AwbConflict('awb_being_created');
  if (active?.state === 'unknown') return new AwbConflict('awb_being_checked', { provider: label(active.courier) });
  return new AwbConflict('awb_exists', { awb: order.awb ?? active?.awb ?? '' });
}

// ---- create -----------------------------------------------------------------------------------

/**
 * `POST /api/v1/order/{id}/awb`: the spec's checks in order (422 on the first failing field), the
 * postal code against the rule, an unknown earlier attempt settled, then one create at the courier.
 * Cash on delivery is the order's total. The order gets courier, awb and courier_status `created`;
 * a `new` order becomes `processing`.
 */
export async function createAwb(ctx: ServiceContext, deps: ShippingDeps, orderId: number, input: AwbInput): Promise<void> {
  await orderOf(ctx, orderId);
  const address = resolveAddress(deps.geo, input);
  const problem = awbProblem(input, await usableCouriers(ctx), address.facts);
  if (problem) throw FieldProblems.one(problem.field, problem.message);
  assertAddressAgrees(address, input.postal_code);
  const courier = input.courier as AwbCourier;

  await settleBeforeCreate(ctx, deps, orderId);
  const account = await courierAccount(ctx, deps, courier);
  const weightGrams = Math.round(input.package_weight * 1000);
  const attempt = await startShipment(ctx, orderId, courier, weightGrams);
  const email = (await ctx.db.kysely.selectFrom('order_customer_details').select('email').where('order_id', '=', orderId).executeTakeFirst())?.email ?? undefined;
  let created: CreatedAwb;
  try {
    created = await account.client.createAwb(awbRequest(input, address, account, attempt, email));
  } catch (err) {
    throw await recordNoAwb(ctx, attempt.id, courier, err, account.credentials);
  }
  await recordAwb(ctx, attempt.id, orderId, courier, created);
}

/** An earlier create whose answer never came is asked about first: its AWB, if it exists, is the order's. */
async function settleBeforeCreate(ctx: ServiceContext, deps: ShippingDeps, orderId: number): Promise<void> {
  const active = await activeShipment(ctx.db.kysely, orderId);
  if (active?.state !== 'unknown') return; // pending or created: startShipment answers 409
  const outcome = await settleUnknownShipment(ctx, deps, active);
  if (outcome === 'absent') return;
  if (outcome === 'adopted') {
    const row = await shipmentById(ctx.db.kysely, active.id);
    throw new AwbConflict('awb_found_after_timeout', { provider: label(active.courier), awb: row?.awb ?? '' });
  }
  throw new AwbConflict('awb_being_checked', { provider: label(active.courier) });
}

interface Attempt {
  id: number;
  reference: string;
  codBani: number;
}

/**
 * The `pending` row, in the transaction that checks the order (locked) has no AWB and no active
 * row; its background check is scheduled with it. The reference (`<order>-<attempt>`) travels with
 * the create and finds it again at the courier.
 */
async function startShipment(ctx: ServiceContext, orderId: number, courier: AwbCourier, weightGrams: number): Promise<Attempt> {
  try {
    return await ctx.db.transaction(async (trx) => {
      const order = await lockOrder(trx, ctx, orderId);
      if (order.status === 'cancelled') throw new AwbConflict('awb_order_cancelled');
      const active = await activeShipment(trx, orderId);
      if (order.awb || active) throw conflictOf(order, active);
      const reference = `${orderId}-${(await countShipments(trx, orderId)) + 1}`;
      const codBani = Number(order.total_value);
      const id = await insertPendingShipment(trx, { company_id: ctx.companyId, order_id: orderId, courier, reference, cod_bani: codBani, weight_grams: weightGrams, created_by: ctx.userId || null, now: ctx.now });
      await scheduleJob(trx, { kind: SETTLE_JOB, key: `${SETTLE_JOB}:${id}`, payload: { shipmentId: id }, runAt: ctx.now + SETTLE_FIRST_CHECK_SECONDS }, ctx.now);
      return { id, reference, codBani };
    });
  } catch (err) {
    // The other of two creates at the same moment (the partial unique index let one in).
    if (isUniqueViolation(err)) throw new AwbConflict('awb_being_created');
    throw err;
  }
}

function awbRequest(input: AwbInput, address: ResolvedAddress, account: CourierAccount, attempt: Attempt, email: string | undefined): CreateAwbInput {
  return {
    pickupPointId: account.pickupPointId,
    contactPersonId: account.contactPersonId,
    // Names only: the address data's ids are not the courier's, and each courier matches names.
    recipient: {
      name: input.name,
      phone: input.phone_number,
      email,
      countyName: address.countyName,
      localityName: address.localityName,
      streetName: address.streetName,
      streetNumber: input.street_number ?? undefined,
      address: address.addressLine,
      postalCode: address.postalCode,
    },
    parcels: [{ weightKg: input.package_weight, lengthCm: input.package_length, widthCm: input.package_width, heightCm: input.package_height }],
    codBani: attempt.codBani,
    declaredValueBani: 0,
    content: input.package_content ?? '',
    observations: input.observations ?? undefined,
    reference: attempt.reference,
  };
}

/** The create failed: `failed` when the courier said no (its words are the answer), else `unknown` (504/502). */
async function recordNoAwb(ctx: ServiceContext, shipmentId: number, courier: AwbCourier, err: unknown, credentials: object): Promise<unknown> {
  if (isProviderError(err) && REFUSALS.includes(err.kind)) {
    const safe = scrubbed(err, credentials);
    await moveShipment(ctx.db.kysely, shipmentId, ['pending'], 'failed', { error: safe.providerMessage }, ctx.now);
    return safe;
  }
  const reason = isProviderError(err) ? scrub(err.providerMessage, credentials) : 'the create failed before an answer was read';
  await moveShipment(ctx.db.kysely, shipmentId, ['pending'], 'unknown', { error: reason }, ctx.now);
  // A fault of ours is still a 500; the row is checked like any unknown one.
  if (!isProviderError(err)) return err;
  return new HttpError(err.kind === 'timeout' ? 504 : 502, 'awb_outcome_unknown', { provider: label(courier) });
}

async function recordAwb(ctx: ServiceContext, shipmentId: number, orderId: number, courier: AwbCourier, created: CreatedAwb): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    // Only a background check that found this same AWB can have settled the row first.
    const moved = await moveShipment(trx, shipmentId, ['pending', 'unknown'], 'created', { awb: created.awbNumber, parcel_numbers: JSON.stringify(created.parcelNumbers), cost_bani: created.costBani, previous_status: statusMovedFrom(order.status), error: null }, ctx.now);
    if (moved) await giveOrderTheAwb(trx, ctx, order, courier, created.awbNumber, {});
  });
}

/** The order takes the AWB: courier, awb, courier_status `created`, and `new` becomes `processing`; its history says so. */
async function giveOrderTheAwb(trx: Trx, ctx: ServiceContext, order: OrderRow, courier: string, awb: string, extra: Record<string, unknown>): Promise<void> {
  const toProcessing = statusMovedFrom(order.status) !== null;
  await trx
    .updateTable('orders')
    .set({ courier, awb, courier_status: 'created', ...(toProcessing ? { status: 'processing' } : {}), updated_at: ctx.now })
    .where('id', '=', order.id)
    .execute();
  await record(trx, ctx, order.id, 'awb_created', { courier, awb, ...extra });
  if (toProcessing) {
    await bumpCounts(trx, order.company_id, [['orders', order.status, -1], ['orders', 'processing', 1]]);
    await record(trx, ctx, order.id, 'status_changed', { from: order.status, to: 'processing' });
  }
}

// ---- settling an unknown create ---------------------------------------------------------------

export type SettleOutcome = 'adopted' | 'absent' | 'unreachable' | 'ambiguous';

/**
 * Asks the courier whether the unknown create made an AWB: the AWBs carrying its reference, less
 * those already recorded here. One: it is the order's (`adopted`). None: `absent`, the row fails
 * and a new create may go. The courier could not be asked: `unreachable`, the row stays unknown.
 * Several (Sameday, which matches on cash on delivery and weight): `ambiguous`, it stays unknown
 * for a person to look at rather than guess.
 */
export async function settleUnknownShipment(ctx: ServiceContext, deps: Pick<ShippingDeps, 'secrets'>, row: ShipmentRow): Promise<SettleOutcome> {
  let account: CourierAccount;
  try {
    account = await courierAccount(ctx, deps, row.courier as AwbCourier);
  } catch (err) {
    // The login was removed: nobody can ask until it is set up again.
    if (err instanceof HttpError) return 'unreachable';
    throw err;
  }
  let found;
  try {
    found = await account.client.findAwbsByReference({ reference: row.reference, since: row.created_at - LOOKUP_MARGIN_SECONDS, codBani: Number(row.cod_bani), weightKg: row.weight_grams / 1000 });
  } catch (err) {
    if (isProviderError(err)) return 'unreachable';
    throw err;
  }
  const known = await knownAwbs(ctx.db.kysely, row.courier, found.map((f) => f.awbNumber));
  const candidates = found.filter((f) => !known.has(f.awbNumber));
  if (candidates.length > 1) {
    await ctx.db.kysely.updateTable('shipments').set({ error: `several AWBs could be this create's: ${candidates.map((c) => c.awbNumber).join(', ')}` }).where('id', '=', row.id).execute();
    return 'ambiguous';
  }
  if (candidates.length === 0) {
    await moveShipment(ctx.db.kysely, row.id, ['unknown'], 'failed', { error: 'no AWB with this reference at the courier' }, ctx.now);
    return 'absent';
  }
  const [awb] = candidates;
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, row.order_id);
    const moved = await moveShipment(trx, row.id, ['unknown'], 'created', { awb: awb.awbNumber, parcel_numbers: JSON.stringify(awb.parcelNumbers), previous_status: statusMovedFrom(order.status), error: null }, ctx.now);
    if (moved) await giveOrderTheAwb(trx, ctx, order, row.courier, awb.awbNumber, { found_after_timeout: true });
  });
  return 'adopted';
}

// ---- label, delete ----------------------------------------------------------------------------

/** `GET /api/v1/order/{id}/awb`: the label PDF from the courier (404 without an AWB). */
export async function awbLabel(ctx: ServiceContext, deps: ShippingDeps, orderId: number): Promise<{ awb: string; pdf: Buffer }> {
  const order = await orderOf(ctx, orderId);
  if (!order.awb || !order.courier) throw new HttpError(404, 'awb_not_found');
  const shipment = await activeShipment(ctx.db.kysely, orderId);
  const account = await courierAccount(ctx, deps, order.courier as AwbCourier);
  try {
    const pdf = await account.client.awbPdf({ awbNumber: order.awb, parcelNumbers: shipment?.awb === order.awb ? parcelNumbersOf(shipment) : undefined });
    return { awb: order.awb, pdf };
  } catch (err) {
    throw isProviderError(err) ? scrubbed(err, account.credentials) : err;
  }
}

/**
 * `DELETE /api/v1/order/{id}/awb`: deleted at the courier first; only then are awb, courier and
 * courier_status cleared and the status the AWB changed put back. A refusal (already picked up)
 * or no answer changes nothing here. The courier not knowing the AWB any more (deleted in its own
 * site, or a delete whose answer was lost) clears it too.
 */
export async function deleteAwb(ctx: ServiceContext, deps: ShippingDeps, orderId: number): Promise<void> {
  const order = await orderOf(ctx, orderId);
  if (!order.awb || !order.courier) {
    const active = await activeShipment(ctx.db.kysely, orderId);
    if (active && active.state !== 'created') throw conflictOf(order, active);
    throw new HttpError(404, 'awb_not_found_to_delete');
  }
  const { awb, courier } = order;
  const account = await courierAccount(ctx, deps, courier as AwbCourier);
  let goneAtCourier = false;
  try {
    await account.client.deleteAwb(awb);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (err.kind === 'timeout') throw new HttpError(504, 'awb_delete_timeout', { provider: label(courier) });
    if (err.kind !== 'not_found') throw scrubbed(err, account.credentials);
    goneAtCourier = true;
  }
  await ctx.db.transaction(async (trx) => {
    const locked = await lockOrder(trx, ctx, orderId);
    // Another delete of the same AWB finished first.
    if (locked.awb !== awb) return;
    const shipment = await activeShipment(trx, orderId);
    if (shipment) await moveShipment(trx, shipment.id, ['created'], 'deleted', {}, ctx.now);
    // Back to the status the AWB moved it from, unless the order has moved on since (completed...).
    const back = shipment?.previous_status && locked.status === 'processing' ? shipment.previous_status : null;
    await trx
      .updateTable('orders')
      .set({ awb: null, courier: null, courier_status: null, ...(back ? { status: back } : {}), updated_at: ctx.now })
      .where('id', '=', orderId)
      .execute();
    await record(trx, ctx, orderId, 'awb_deleted', { courier, awb, ...(goneAtCourier ? { gone_at_courier: true } : {}) });
    if (back) {
      await bumpCounts(trx, locked.company_id, [['orders', 'processing', -1], ['orders', back, 1]]);
      await record(trx, ctx, orderId, 'status_changed', { from: 'processing', to: back });
    }
  });
}
