import {
  AWB_COURIERS,
  awbProblem,
  type AwbCourier,
  type AwbInput,
  type AwbResolveInput,
} from '../../../core/api/shipping.js';
import { statusMovedByAwb } from '../../../core/orders/transitions.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, HttpError } from '../../http/errors.js';
import type { CourierClient, CreateAwbInput, CreatedAwb } from '../../providers/couriers/types.js';
import { isProviderError, PROVIDER_LABELS } from '../../providers/http.js';
import { geoData } from '../geo/index.js';
import {
  courierFor,
  courierNomenclature,
  findLocker,
  isUsable,
  listCompanyIntegrations,
  type Nomenclature,
  type NomenclatureCourier,
  type ProviderAccount,
} from '../integrations/index.js';
import { companyLabelFormat } from './settings.js';
import { hasLockers, type Locker } from '../../../core/api/lockers.js';
import { insertSystemNotification } from '../notifications/index.js';
import {
  attachAwb,
  detachAwb,
  lockOrder,
  lockOrderWithShipments,
  orderOf,
  recordEvent,
  type OrderRow,
} from '../order-lifecycle/index.js';
import {
  claimDocument,
  sendOnce,
  settleBeforeCreate,
  type DocumentStore,
  type SettleOutcome,
} from '../provider-documents/index.js';
import { eventSmsWrites } from '../sms/index.js';
import { assertAddressAgrees, resolveAddress, resolveCourierAddress, type ResolvedAddress } from './address.js';
import './messages.js';
import {
  activeShipment,
  awaitedCandidates,
  candidatesOf,
  isActive,
  hasUnsettledTwin,
  insertPendingShipment,
  knownAwbs,
  markNoticed,
  moveShipment,
  noteCandidates,
  parcelNumbersOf,
  shipmentById,
  type ShipmentRow,
  type StoredCandidate,
} from './queries.js';

/**
 * AWBs on orders: create, label, delete, and the settling of a create whose answer never came.
 *
 * An AWB is never made twice for one order: a create follows the provider documents protocol
 * (a `pending` shipment row claimed under the order's lock, the courier called once, the outcome
 * recorded, an unknown one settled with the courier by the create's reference before anything
 * else). The order's own state (its AWB, status, history) changes only through the order lifecycle.
 */

/** The background check of a shipment (registered in jobs.ts). */
export const SETTLE_JOB = 'shipment-settle';
/** A lookup reads AWBs from a little before the create (clocks differ). */
const LOOKUP_MARGIN_SECONDS = 10 * 60;

/**
 * The shipments table as the provider documents protocol sees it. A courier is asked at once about
 * an unknown create; one still unknown after a while is told to the company (tellStillUnknown).
 */
export const shipmentStore: DocumentStore<ShipmentRow> = {
  checkJob: SETTLE_JOB,
  settleAfterSeconds: 0,
  find: shipmentById,
  move: (exec, id, from, to, error, now) => moveShipment(exec, id, from, to, { error }, now),
  notice: { noticed: (row) => row.notified_at !== null, tell: tellStillUnknown },
};

/**
 * One notification to the company that the courier has still not said whether it made the
 * order's AWB (it could not be asked), or cannot tell which of its AWBs it is (the seller may
 * choose on the order); the row is marked in the same transaction, so it is told once.
 */
async function tellStillUnknown(
  ctx: ServiceContext,
  row: ShipmentRow,
  why: 'unreachable' | 'ambiguous',
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    if (!(await markNoticed(trx, row.id, ctx.now))) return;
    await insertSystemNotification(trx, {
      companyId: row.company_id,
      kind: why === 'ambiguous' ? 'awb_ambiguous' : 'awb_unconfirmed',
      params: { order: row.order_id, courier: label(row.courier) },
      type: 'warning',
      now: ctx.now,
    });
  });
}

/** A 409 that answers with the order as it is (the route adds it), so the page shows the AWB or its state. */
export class AwbConflict extends HttpError {
  constructor(key: string, params: Record<string, string> = {}) {
    super(409, key, params);
  }
}

const label = (courier: string) => PROVIDER_LABELS[courier as AwbCourier] ?? courier;

type SetUps = Awaited<ReturnType<typeof listCompanyIntegrations>>;

/** The company's couriers an AWB can be made with: active, logged in, pickup point chosen (Sameday: and a contact person). */
const usableCouriersOf = (setUps: SetUps): string[] =>
  setUps
    .filter((r) => r.type === 'courier' && (AWB_COURIERS as readonly string[]).includes(r.key) && isUsable(r))
    .map((r) => r.key);

function conflictOf(order: OrderRow, active: Pick<ShipmentRow, 'state' | 'courier' | 'awb'> | undefined): AwbConflict {
  if (active?.state === 'pending') return new AwbConflict('awb_being_created');
  if (active?.state === 'unknown') return new AwbConflict('awb_being_checked', { provider: label(active.courier) });
  return new AwbConflict('awb_exists', { awb: order.awb ?? active?.awb ?? '' });
}

// ---- create -----------------------------------------------------------------------------------

/** The AWB a create made (or adopted): what its caller answers, with no read of the order after. */
export interface MadeAwb {
  courier: AwbCourier;
  awb: string;
}

/**
 * What every AWB of one courier for one company reads alike, read once for many creates (a bulk
 * job's slice): the company's set-ups, the courier's account (its sealed login opened once) and its
 * nomenclature. The account and the nomenclature are opened when a create first needs them, and
 * what that gave (the account, or the error the set-up answers) is every later create's, so each
 * order of the batch meets the checks in the order one create alone meets them. A batch lives as
 * long as a slice (a minute at most): a set-up changed meanwhile is read by the next slice.
 */
export interface AwbBatch {
  readonly courier: AwbCourier;
  readonly setUps: SetUps;
  account(): Promise<ProviderAccount<CourierClient>>;
  nomenclature(): Promise<Nomenclature>;
}

/** A promise made on the first call and answered to every call (a rejection too). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** The batch of the company's AWBs at `courier` (see AwbBatch). */
export async function prepareAwbBatch(ctx: ServiceContext, courier: AwbCourier): Promise<AwbBatch> {
  return batchOf(ctx, courier, await listCompanyIntegrations(ctx.db.kysely, ctx.companyId));
}

/** A batch over set-ups already read: one create alone is a batch of one (its account opened once). */
function batchOf(ctx: ServiceContext, courier: AwbCourier, setUps: SetUps): AwbBatch {
  const account = once(() => courierFor(ctx, courier, undefined, setUps));
  const nomenclature = once(async () => courierNomenclature(ctx, courier as NomenclatureCourier, await account()));
  return { courier, setUps, account, nomenclature };
}

/**
 * Creates the order's AWB: the checks in order (422 on the first failing field), the postal code
 * against the rule, an unknown earlier attempt settled, then one create at the courier. Cash on
 * delivery is the order's total or none (the form's choice, else the order's payment method). The order gets courier, awb and courier status `created`; a `new`
 * order becomes `processing`. The caller found the company's order first (404).
 *
 * What a create reads is read once and handed on (the company's set-ups serve the checks and the
 * account; the claim reads the order's attempts once): each statement is a round trip and its CPU
 * on the server's one thread, and creates in bulk run many at a time. `batch`: the set-ups, the
 * account and the nomenclature as a bulk job's slice read them for all its orders (AwbBatch). It
 * answers the AWB it made, so the caller need not read the order again to tell it.
 */
export async function createAwb(
  ctx: ServiceContext,
  orderId: number,
  input: AwbInput,
  recipientEmail: string | undefined,
  senderName?: string,
  batch?: AwbBatch,
): Promise<MadeAwb> {
  const setUps = batch?.setUps ?? (await listCompanyIntegrations(ctx.db.kysely, ctx.companyId));
  // Opened only once the checks let the create go on (a courier not set up is a 422 first).
  const ofCourier = batch?.courier === input.courier ? batch : batchOf(ctx, input.courier as AwbCourier, setUps);
  const locker = input.locker_id ? await lockerOf(ctx, input, usableCouriersOf(setUps)) : null;
  const couriers = locker ? [] : usableCouriersOf(setUps);
  const address = locker ? lockerAddress(locker) : await addressOf(input, couriers, ofCourier);
  const problem = locker ? null : awbProblem(input, couriers, address.facts);
  if (problem) throw FieldProblems.one(problem.field, problem.message);
  if (!locker) assertAddressAgrees(address, input.postal_code);
  const courier = input.courier as AwbCourier;

  const account = await ofCourier.account();
  const weightGrams = Math.round(input.package_weight * 1000);
  const claim = () =>
    claimDocument(
      ctx,
      shipmentStore,
      (trx) =>
        claimShipment(trx, ctx, orderId, courier, weightGrams, locker, input.cash_on_delivery, account.configuration),
      () => new AwbConflict('awb_being_created'),
    );
  let attempt: Attempt;
  try {
    attempt = await claim();
  } catch (err) {
    if (!(err instanceof SettleFirst)) throw err;
    // An earlier create whose answer never came: asked about first, then claimed again (a second
    // unknown one by then is another request's, and answers as being checked).
    await settleEarlierCreate(ctx, err.shipmentId);
    attempt = await claim().catch((again: unknown) => {
      throw again instanceof SettleFirst ? new AwbConflict('awb_being_checked', { provider: label(courier) }) : again;
    });
  }
  const created = await sendOnce(
    ctx,
    shipmentStore,
    attempt.id,
    () =>
      account.client.createAwb({
        ...awbRequest(input, address, account, attempt, recipientEmail),
        ...(senderName ? { senderName } : {}),
        ...(locker ? { lockerId: locker.id } : {}),
      }),
    {
      scrub: account.scrubbed,
      unknown: (err) =>
        new HttpError(err.kind === 'timeout' ? 504 : 502, 'awb_outcome_unknown', { provider: label(courier) }),
    },
  );
  await recordAwb(ctx, attempt.id, orderId, courier, created, {});
  return { courier, awb: created.awbNumber };
}

/**
 * The recipient's address as the courier will read it: Cargus and Sameday against their own
 * nomenclature (their pickers' ids), DPD (and a courier not set up, which is refused next) against
 * the address data.
 */
async function addressOf(input: AwbInput, couriers: string[], batch: AwbBatch): Promise<ResolvedAddress> {
  if ((input.courier === 'cargus' || input.courier === 'sameday') && couriers.includes(input.courier))
    return resolveCourierAddress(await batch.nomenclature(), input);
  return resolveAddress(geoData(), input);
}

/**
 * The point an AWB to a locker names: the courier first (a usable one, and one that delivers to
 * points), then the point, which must be in the courier's list.
 */
async function lockerOf(ctx: ServiceContext, input: AwbInput, couriers: string[]): Promise<Locker> {
  const problem = awbProblem({ ...input, county: 'x', city: 'x', address: 'x', postal_code: '000000' }, couriers, {
    cityCodedByStreet: false,
    streetNeedsNumber: false,
  });
  if (problem) throw FieldProblems.one(problem.field, problem.message);
  if (!hasLockers(input.courier)) throw FieldProblems.one('locker_id', 'locker_not_offered');
  return findLocker(ctx, input.courier, input.locker_id!);
}

/** A locker's place as the recipient's address (the couriers also want a city and county with it). */
function lockerAddress(locker: Locker): ResolvedAddress {
  return {
    facts: { cityCodedByStreet: false, streetNeedsNumber: false },
    countyName: locker.county,
    localityName: locker.city,
    streetName: undefined,
    postalCode: locker.postal_code ?? undefined,
    addressLine: locker.address,
    unknownIds: [],
    expectedPostalCode: locker.postal_code,
  };
}

/**
 * The claim found the order's active create unknown (its answer never came): the claim's
 * transaction ends and the create is settled before another is claimed.
 */
class SettleFirst extends Error {
  constructor(readonly shipmentId: number) {
    super('an earlier create of the order is unknown: settle it first');
  }
}

/** An earlier create whose answer never came is asked about first: its AWB, if it exists, is the order's. */
async function settleEarlierCreate(ctx: ServiceContext, shipmentId: number): Promise<void> {
  const active = await shipmentById(ctx.db.kysely, shipmentId);
  if (active?.state !== 'unknown') return; // settled meanwhile: the claim answers
  const settled = await settleBeforeCreate(ctx, shipmentStore, active, settleUnknownShipment);
  if (settled.outcome === 'none') return;
  if (settled.outcome === 'adopted') {
    const row = await shipmentById(ctx.db.kysely, active.id);
    throw new AwbConflict('awb_found_after_timeout', { provider: label(active.courier), awb: row?.awb ?? '' });
  }
  // The courier cannot tell which of its AWBs the earlier create made: the seller chooses first.
  if ('why' in settled && settled.why === 'ambiguous')
    throw new AwbConflict('awb_choose_first', { provider: label(active.courier) });
  throw new AwbConflict('awb_being_checked', { provider: label(active.courier) });
}

/**
 * A create cut off by its server stopping (killed mid-call) leaves its `pending` row, which the
 * protocol waits PENDING_STALE_SECONDS for, since a live request may still be under way. A bulk job
 * taking up an order its earlier run was making knows better: that run stopped (its lease ran out,
 * or it ended, and a run waits for all its creates before it ends), so the request is gone, not
 * slow. Its row becomes unknown, and the order's next create asks the courier about it first (by
 * its reference) and adopts the AWB the courier made, or creates one if there is none; nothing is
 * made twice. Only a row that try could have claimed moves: pending, by the same user, claimed
 * since the try began (`since`). Answers whether it moved one.
 */
export async function markCutOffCreateUnknown(ctx: ServiceContext, orderId: number, since: number): Promise<boolean> {
  const row = await activeShipment(ctx.db.kysely, orderId);
  if (!row || row.state !== 'pending' || row.company_id !== ctx.companyId) return false;
  if (Number(row.created_at) < since || row.created_by !== (ctx.userId || null)) return false;
  const error = 'the create was cut off: the server of the bulk job making it stopped';
  return moveShipment(ctx.db.kysely, row.id, ['pending'], 'unknown', { error }, ctx.clock.now());
}

interface Attempt {
  id: number;
  reference: string;
  codBani: number;
}

/**
 * The `pending` row, in the transaction that checks the order (locked) has no AWB and no active
 * row. The reference (`<order>-<attempt>`) travels with the create and finds it again at the courier.
 */
async function claimShipment(
  trx: Parameters<typeof lockOrder>[0],
  ctx: ServiceContext,
  orderId: number,
  courier: AwbCourier,
  weightGrams: number,
  locker: Locker | null,
  cashOnDelivery: boolean | undefined,
  configuration: ProviderAccount<CourierClient>['configuration'],
): Promise<Attempt> {
  // The order locked and every attempt of it in one read: the active one (at most one) and how
  // many there were. On PostgreSQL the attempts may miss one claimed while this waited for the
  // lock: its pending row makes this insert a unique violation (answered as being created), and
  // an AWB recorded meanwhile is on the order's row, which the lock reads as it is.
  const { order, shipments: attempts } = await lockOrderWithShipments(trx, ctx, orderId);
  const active = attempts.find(isActive);
  if (active?.state === 'unknown') throw new SettleFirst(active.id);
  if (order.status === 'cancelled') throw new AwbConflict('awb_order_cancelled');
  // A pending attempt beside the order's AWB is that read's past: the AWB was recorded meanwhile.
  if (order.awb || active) throw conflictOf(order, order.awb && active?.state === 'pending' ? undefined : active);
  const reference = `${orderId}-${attempts.length + 1}`;
  // The cash on delivery is the order's total or nothing: the form's choice, else the order's
  // payment method (a prepaid order ships without). The total is read here under the lock, and a
  // point that collects no cash on delivery refuses an AWB with it.
  const collect = cashOnDelivery ?? order.payment_method === 'cash_on_delivery';
  const codBani = collect ? Number(order.total_value) : 0;
  if (locker && !locker.cash_on_delivery && codBani > 0) throw FieldProblems.one('locker_id', 'locker_no_cod');
  // A courier whose wizard chose a service keeps the one that collects cash on delivery (FAN: its
  // "Cont Colector"); null: the contract has none, and the courier would refuse the AWB or pay
  // nothing out, so it is refused here, before the courier is asked.
  if (codBani > 0 && configuration.cod_service === null)
    throw FieldProblems.one('cash_on_delivery', 'awb_service_no_cod', {
      provider: label(courier),
      service: configuration.service ?? '',
    });
  const id = await insertPendingShipment(trx, {
    company_id: ctx.companyId,
    order_id: orderId,
    courier,
    reference,
    cod_bani: codBani,
    weight_grams: weightGrams,
    created_by: ctx.userId || null,
    now: ctx.now,
  });
  return { id, reference, codBani };
}

function awbRequest(
  input: AwbInput,
  address: ResolvedAddress,
  account: ProviderAccount<CourierClient>,
  attempt: Attempt,
  email: string | undefined,
): CreateAwbInput {
  return {
    pickupPointId: account.configuration.pickup_point_id ?? '',
    // The service chosen in the courier's wizard, where it has that step (FAN), and with cash on
    // delivery the contract's service that collects it; else the client's default.
    ...serviceOf(account.configuration, attempt.codBani),
    contactPersonId: account.configuration.contact_person_id,
    // The names always; the ids only when they are the courier's own (its nomenclature's).
    recipient: {
      name: input.name,
      phone: input.phone_number,
      email,
      countyId: address.courierIds?.county ?? null,
      localityId: address.courierIds?.locality ?? null,
      streetId: address.courierIds?.street ?? null,
      countyName: address.countyName,
      localityName: address.localityName,
      streetName: address.streetName,
      streetNumber: input.street_number ?? undefined,
      address: address.addressLine,
      postalCode: address.postalCode,
    },
    parcels: [
      {
        weightKg: input.package_weight,
        lengthCm: input.package_length,
        widthCm: input.package_width,
        heightCm: input.package_height,
      },
    ],
    codBani: attempt.codBani,
    declaredValueBani: 0,
    content: input.package_content ?? '',
    observations: input.observations ?? undefined,
    reference: attempt.reference,
  };
}

function serviceOf(
  configuration: ProviderAccount<CourierClient>['configuration'],
  codBani: number,
): { serviceId?: string } {
  const serviceId = (codBani > 0 ? configuration.cod_service : undefined) ?? configuration.service;
  return serviceId ? { serviceId } : {};
}

/**
 * The courier made the AWB: the row is created and the order takes it, in one transaction. Only a
 * background check that found this same AWB can have settled the row first (then nothing changes).
 */
async function recordAwb(
  ctx: ServiceContext,
  shipmentId: number,
  orderId: number,
  courier: string,
  created: Pick<CreatedAwb, 'awbNumber' | 'parcelNumbers'> & { costBani?: number | null },
  extra: Record<string, unknown>,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    await adoptAwb(trx, ctx, shipmentId, order, courier, created, extra);
  });
}

/**
 * Inside the transaction that locked the order: the row (if still pending or unknown) becomes
 * created with the AWB, and the order takes it through the lifecycle. True when this call did it.
 */
async function adoptAwb(
  trx: Executor,
  ctx: ServiceContext,
  shipmentId: number,
  order: OrderRow,
  courier: string,
  created: Pick<CreatedAwb, 'awbNumber' | 'parcelNumbers'> & { costBani?: number | null },
  extra: Record<string, unknown>,
): Promise<boolean> {
  const moved = await moveShipment(
    trx,
    shipmentId,
    ['pending', 'unknown'],
    'created',
    {
      awb: created.awbNumber,
      parcel_numbers: JSON.stringify(created.parcelNumbers),
      ...(created.costBani !== undefined ? { cost_bani: created.costBani } : {}),
      previous_status: statusMovedByAwb(order.status),
      error: null,
      candidates: null,
    },
    ctx.now,
  );
  if (moved)
    await attachAwb(
      trx,
      ctx,
      order,
      { courier, awb: created.awbNumber },
      extra,
      eventSmsWrites(trx, ctx, { orderId: order.id, event: 'awb_created', awb: created.awbNumber }),
    );
  return moved;
}

// ---- settling an unknown create ---------------------------------------------------------------

/**
 * Asks the courier whether the unknown create made an AWB, leaving out the AWBs already recorded
 * here. An AWB that carries the create's reference is the order's (`adopted`). Without one, the
 * AWBs the courier matched on cash on delivery and weight alone (Sameday, when its answers carry
 * no reference): none is `absent` (the row fails and a new create may go); one is adopted unless
 * another unsettled create of the company carried the same cash on delivery and weight (it could
 * be that one's); otherwise `ambiguous`, left unknown for a person rather than guessed. The
 * courier could not be asked: `unreachable`, the row stays unknown.
 */
export async function settleUnknownShipment(ctx: ServiceContext, row: ShipmentRow): Promise<SettleOutcome> {
  let account: ProviderAccount<CourierClient>;
  try {
    account = await courierFor(ctx, row.courier as AwbCourier);
  } catch (err) {
    // The login was removed, or no longer opens (another app key): nobody can ask until it is set up again.
    if (err instanceof HttpError) return 'unreachable';
    throw err;
  }
  let found;
  try {
    found = await account.client.findAwbsByReference({
      reference: row.reference,
      since: row.created_at - LOOKUP_MARGIN_SECONDS,
      codBani: Number(row.cod_bani),
      weightKg: row.weight_grams / 1000,
    });
  } catch (err) {
    if (isProviderError(err)) return 'unreachable';
    throw err;
  }
  const known = await knownAwbs(
    ctx.db.kysely,
    row.courier,
    found.map((f) => f.awbNumber),
  );
  const candidates = found.filter((f) => !known.has(f.awbNumber));
  const own = candidates.filter((f) => f.matchedBy === 'reference');
  const pick = own.length > 0 ? own : candidates;
  if (pick.length === 0) {
    await moveShipment(
      ctx.db.kysely,
      row.id,
      ['unknown'],
      'failed',
      { error: 'no AWB with this reference at the courier', candidates: null },
      ctx.now,
    );
    return 'absent';
  }
  if (pick.length === 1 && (own.length === 1 || !(await hasUnsettledTwin(ctx.db.kysely, row)))) {
    await recordAwb(ctx, row.id, row.order_id, row.courier, pick[0], { found_after_timeout: true });
    return 'adopted';
  }
  // Kept on the row: the order shows them and the seller chooses (resolveAwb).
  await noteCandidates(
    ctx.db.kysely,
    row.id,
    pick.map((c) => ({
      awb: c.awbNumber,
      parcel_numbers: c.parcelNumbers,
      created_at: c.createdAt ?? null,
      cod_bani: c.codBani ?? null,
      weight_kg: c.weightKg ?? null,
    })),
    pick.length === 1
      ? `${pick[0].awbNumber} could be this create's or another unsettled create's with the same cash on delivery and weight`
      : `several AWBs could be this create's: ${pick.map((c) => c.awbNumber).join(', ')}`,
  );
  return 'ambiguous';
}

// ---- the seller settles what the courier cannot -------------------------------------------------

/**
 * The seller's answer to an unknown create the courier cannot settle (its AWBs that could be the
 * create's are kept on the row): `awb` names the candidate that is the order's, adopted as a check
 * would have (the row is created, the order takes it through the lifecycle); null says none is,
 * so the row fails and a new create may go (the history says so). The order is found by the
 * caller (404) and the body parsed (422) before this.
 *
 * The candidates left over, that no row here holds and that no other unsettled create of the
 * company keeps as candidates, are listed to the company in one notification, to cancel at the
 * courier if the seller did not make them. They are not deleted from here: nothing tells whose
 * they are (an AWB the seller made in the courier's own site looks the same), and cancelling a
 * real parcel is worse than leaving one to cancel by hand.
 *
 * 409 when the create is not waiting on the seller (settled meanwhile, or never ambiguous); 422
 * for an AWB that is not a candidate or that another order took meanwhile.
 */
export async function resolveAwb(ctx: ServiceContext, orderId: number, input: AwbResolveInput): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    const row = await activeShipment(trx, orderId);
    const candidates = row?.state === 'unknown' ? candidatesOf(row) : [];
    if (!row || candidates.length === 0) throw new AwbConflict('awb_not_ambiguous');
    let kept: string | null = null;
    if (input.awb === null) {
      const moved = await moveShipment(
        trx,
        row.id,
        ['unknown'],
        'failed',
        { error: "the seller said none of the courier's candidates is this create's", candidates: null },
        ctx.now,
      );
      if (!moved) throw new AwbConflict('awb_not_ambiguous');
      await recordEvent(trx, ctx, orderId, 'awb_candidates_dismissed', {
        courier: row.courier,
        awbs: candidates.map((c) => c.awb),
      });
    } else {
      const chosen = candidates.find((c) => c.awb === input.awb);
      if (!chosen) throw FieldProblems.one('awb', 'awb_not_a_candidate');
      if ((await knownAwbs(trx, row.courier, [chosen.awb])).size > 0)
        throw FieldProblems.one('awb', 'awb_candidate_taken', { awb: chosen.awb });
      const adopted = await adoptAwb(
        trx,
        ctx,
        row.id,
        order,
        row.courier,
        { awbNumber: chosen.awb, parcelNumbers: chosen.parcel_numbers },
        { found_after_timeout: true, chosen_by_seller: true },
      );
      if (!adopted) throw new AwbConflict('awb_not_ambiguous');
      kept = chosen.awb;
    }
    await tellLeftovers(
      trx,
      ctx,
      row,
      candidates.filter((c) => c.awb !== kept),
    );
  });
}

/** One notification listing the candidates no order here holds or may still take (see resolveAwb). */
async function tellLeftovers(
  trx: Executor,
  ctx: ServiceContext,
  row: ShipmentRow,
  left: StoredCandidate[],
): Promise<void> {
  if (left.length === 0) return;
  const held = await knownAwbs(
    trx,
    row.courier,
    left.map((c) => c.awb),
  );
  const awaited = await awaitedCandidates(trx, row);
  const awbs = left.map((c) => c.awb).filter((awb) => !held.has(awb) && !awaited.has(awb));
  if (awbs.length === 0) return;
  await insertSystemNotification(trx, {
    companyId: row.company_id,
    kind: 'awb_candidates_left',
    params: { order: row.order_id, courier: label(row.courier), awbs: awbs.join(', '), count: awbs.length },
    type: 'warning',
    now: ctx.now,
  });
}

// ---- label, delete ----------------------------------------------------------------------------

/** The label PDF from the courier, in the company's label format (404 without an AWB). */
export async function awbLabel(ctx: ServiceContext, orderId: number): Promise<{ awb: string; pdf: Buffer }> {
  const order = await orderOf(ctx.db.kysely, ctx, orderId);
  if (!order.awb || !order.courier) throw new HttpError(404, 'awb_not_found');
  const shipment = await activeShipment(ctx.db.kysely, orderId);
  const account = await courierFor(ctx, order.courier as AwbCourier);
  try {
    // In the company's label format: a thermal printer's A6 page, or A4.
    const format = await companyLabelFormat(ctx.db.kysely, ctx.companyId);
    const pdf = await account.client.awbPdf(
      {
        awbNumber: order.awb,
        parcelNumbers: shipment?.awb === order.awb ? parcelNumbersOf(shipment) : undefined,
      },
      format,
    );
    return { awb: order.awb, pdf };
  } catch (err) {
    throw account.scrubbed(err);
  }
}

/**
 * Deletes the AWB at the courier first; only then does the order lose it (and get back the status
 * the AWB changed). A refusal (already picked up) or no answer changes nothing here. The courier
 * not knowing the AWB any more (deleted in its own site, or a delete whose answer was lost) clears
 * it too.
 */
export async function deleteAwb(ctx: ServiceContext, orderId: number): Promise<void> {
  const order = await orderOf(ctx.db.kysely, ctx, orderId);
  if (!order.awb || !order.courier) {
    const active = await activeShipment(ctx.db.kysely, orderId);
    if (active && active.state !== 'created') throw conflictOf(order, active);
    throw new HttpError(404, 'awb_not_found_to_delete');
  }
  const { awb, courier } = order;
  const account = await courierFor(ctx, courier as AwbCourier);
  let goneAtCourier = false;
  try {
    await account.client.deleteAwb(awb);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (err.kind === 'timeout') throw new HttpError(504, 'awb_delete_timeout', { provider: label(courier) });
    if (err.kind !== 'not_found') throw account.scrubbed(err);
    goneAtCourier = true;
  }
  await ctx.db.transaction(async (trx) => {
    const locked = await lockOrder(trx, ctx, orderId);
    // Another delete of the same AWB finished first.
    if (locked.awb !== awb) return;
    const shipment = await activeShipment(trx, orderId);
    if (shipment) await moveShipment(trx, shipment.id, ['created'], 'deleted', {}, ctx.now);
    await detachAwb(trx, ctx, locked, { movedFrom: shipment?.previous_status ?? null, goneAtCourier });
  });
}
