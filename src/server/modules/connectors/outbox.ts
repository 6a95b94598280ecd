import { forCompany, type ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { isProviderError, type ProviderError } from '../../providers/http.js';
import { insertSystemNotification } from '../notifications/index.js';
import { companyProductsBySku } from '../products/index.js';
import { sourceNameOf } from '../sources/index.js';
import { connectorById, dueUpdates, lastStockSent, setUpdate, skuKnownMissing, type OutboxRow } from './queries.js';
import { connectionOf, scrub } from './service.js';
import { shopKind, type ShopConnection } from './shops/index.js';

/**
 * Sends the outbox: the updates the triggers of migration 082 wrote with the changes that caused
 * them. Each is safe to send again (a note twice is the worst, a status or a quantity is absolute),
 * so a failure the shop may recover from (down, slow, asking to slow down) is tried again with
 * backoff, up to `MAX_ATTEMPTS` (past a day of the shop away); what the shop refuses (an order it
 * no longer has, a value it rejects) fails at once, kept with its words for the source's page. The
 * client keeps within the shop's rate (each shop client's spacing); a 429 all the same waits as
 * the shop says, without counting as an attempt.
 *
 * Stock: a SKU's rows coalesce (the trigger writes none while one waits), its quantity is read when
 * it is sent, and a SKU is sent at most once a minute. A SKU no product of the shop has is told to
 * the seller once and never asked again.
 */

export const MAX_ATTEMPTS = 12;
/** A SKU's stock goes to the shop at most this often. */
export const STOCK_SPACING_SECONDS = 60;
const BATCH = 200;

export const backoffSeconds = (attempt: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

export { awbNote } from './shops/notes.js';

/** One pass over the due updates of every shop. Answers how many were sent. */
export async function sendOutbox(base: ServiceContext): Promise<{ sent: number; failed: number }> {
  const rows = await dueUpdates(base.db.kysely, base.now, BATCH);
  const byConnector = new Map<number, OutboxRow[]>();
  for (const r of rows) byConnector.set(r.connector_id, [...(byConnector.get(r.connector_id) ?? []), r]);
  let sent = 0;
  let failed = 0;
  for (const [connectorId, updates] of byConnector) {
    const connector = await connectorById(base.db.kysely, connectorId);
    if (!connector) continue;
    const ctx = forCompany(base, connector.company_id);
    let conn: ShopConnection;
    try {
      conn = connectionOf(ctx, connector);
    } catch (err) {
      if (err instanceof HttpError) continue;
      throw err;
    }
    const targets = new Map<string, unknown>();
    for (const u of updates) {
      const outcome = await sendOne(ctx, conn, u, targets);
      if (outcome === 'sent') sent += 1;
      if (outcome === 'failed') failed += 1;
      // The shop is away: the connector's other updates wait for their own next time.
      if (outcome === 'shop_away') break;
    }
  }
  return { sent, failed };
}

type SendOutcome = 'sent' | 'failed' | 'later' | 'skipped' | 'shop_away';

async function sendOne(
  ctx: ServiceContext,
  conn: ShopConnection,
  u: OutboxRow,
  targets: Map<string, unknown>,
): Promise<SendOutcome> {
  const db = ctx.db.kysely;
  const connector = conn.row;
  const kind = shopKind(connector.type);
  try {
    if (u.kind === 'order_note') {
      // An AWB created here (the kind says it as its shop takes it: a note, a fulfillment, an attachment).
      const data = JSON.parse(u.data) as { courier?: string; awb?: string };
      await kind.awbCreated(ctx, conn, u.ref, {
        courier: data.courier ?? '',
        awb: data.awb ?? '',
        orderId: u.order_id,
      });
    } else if (u.kind === 'order_status') {
      const data = JSON.parse(u.data) as { status: 'completed' | 'cancelled' };
      await kind.orderStatus(ctx, conn, u.ref, data.status);
    } else if (u.kind === 'invoice') {
      // An invoice issued here: only a shop that shows documents to its buyer takes it (eMAG).
      if (!kind.invoiceIssued) {
        await setUpdate(db, u.id, { state: 'sent', sent_at: ctx.now });
        return 'skipped';
      }
      const data = JSON.parse(u.data) as { bill_number?: string };
      await kind.invoiceIssued(ctx, conn, u.ref, { billNumber: data.bill_number ?? '', orderId: u.order_id });
    } else if (u.kind === 'storno') {
      // A storno of that invoice (migration 086's trigger): where the invoice went, its reversal goes.
      if (!kind.stornoIssued) {
        await setUpdate(db, u.id, { state: 'sent', sent_at: ctx.now });
        return 'skipped';
      }
      const data = JSON.parse(u.data) as { bill_number?: string | null; storno?: string };
      await kind.stornoIssued(ctx, conn, u.ref, {
        stornoNumber: data.storno ?? '',
        billNumber: data.bill_number ?? null,
        orderId: u.order_id,
      });
    } else if (u.kind === 'stock') {
      const last = await lastStockSent(db, connector.id, u.ref);
      if (last !== null && ctx.now - last < STOCK_SPACING_SECONDS) {
        await setUpdate(db, u.id, { next_at: last + STOCK_SPACING_SECONDS });
        return 'later';
      }
      if (await skuKnownMissing(db, connector.id, u.ref)) {
        await setUpdate(db, u.id, { state: 'skipped', last_error: null, sent_at: ctx.now });
        return 'skipped';
      }
      const [product] = await companyProductsBySku(db, connector.company_id, [u.ref]);
      if (!product || product.stock === null) {
        await setUpdate(db, u.id, { state: 'sent', sent_at: ctx.now });
        return 'sent';
      }
      let target = targets.get(u.ref);
      if (target === undefined) targets.set(u.ref, (target = await kind.stockTarget(ctx, conn, u.ref)));
      if (target === null) {
        await ctx.db.transaction(async (trx) => {
          await setUpdate(trx, u.id, {
            state: 'skipped',
            last_error: `No product with the SKU ${u.ref} in the shop.`,
            sent_at: ctx.now,
          });
          await insertSystemNotification(trx, {
            companyId: connector.company_id,
            kind: 'shop_product_missing',
            params: { source: (await sourceNameOf(trx, connector.source_id)) ?? '', sku: u.ref },
            type: 'warning',
            now: ctx.now,
          });
        });
        return 'skipped';
      }
      await kind.setStock(ctx, conn, target, Math.max(0, product.stock));
    } else {
      await setUpdate(db, u.id, { state: 'failed', last_error: `unknown update ${u.kind}` });
      return 'failed';
    }
    await setUpdate(db, u.id, { state: 'sent', sent_at: ctx.now, attempts: u.attempts + 1, last_error: null });
    return 'sent';
  } catch (err) {
    if (!isProviderError(err)) throw err;
    return failure(ctx, conn, u, err);
  }
}

async function failure(
  ctx: ServiceContext,
  conn: ShopConnection,
  u: OutboxRow,
  err: ProviderError,
): Promise<SendOutcome> {
  const db = ctx.db.kysely;
  const words = scrub(err.providerMessage, conn.secrets);
  if (err.kind === 'rate_limited') {
    await setUpdate(db, u.id, { next_at: ctx.now + (err.retryAfterSeconds ?? 5), last_error: words });
    return 'shop_away';
  }
  // The shop understood and said no: sending it again changes nothing.
  if (err.kind === 'rejected' || err.kind === 'not_found') {
    await setUpdate(db, u.id, { state: 'failed', attempts: u.attempts + 1, last_error: words });
    return 'failed';
  }
  const attempts = u.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) {
    await setUpdate(db, u.id, { state: 'failed', attempts, last_error: words });
    return 'failed';
  }
  await setUpdate(db, u.id, { attempts, next_at: ctx.now + backoffSeconds(attempts), last_error: words });
  return 'shop_away';
}
