import type { IntakeOrderInput } from '../../../core/api/intake.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { appliedFingerprints, heldItemsOf, insertItems, oversellOf } from './queries.js';
import { hold, processItem, readShopOrder, receiveShopOrder, type Item, type ShopOrderOutcome } from './service.js';

/**
 * A page of a connected shop's orders (its safety pull reads 100 at a time) taken in together, with
 * the same outcome for each as `receiveShopOrder` one after the other would give. On PostgreSQL
 * every statement is a round trip, and an order one after another was the intake's forty of them
 * waited for in turn (5,000 orders took 464 s on a loaded machine); so:
 *
 * - what the page asks of the inbox is asked once for all its orders: the orders as last applied
 *   and those waiting (nothing is stored for one the same as either), the company's oversell setting;
 * - the page's new items are written in one statement, as received, before any of them is worked
 *   on (nothing a shop sent is lost if the work fails);
 * - each order is then made in its own transaction as before (a held one rolls back alone; the
 *   orders' unique index on the source and order number still has the last word), up to
 *   `PAGE_LANES` at a time on PostgreSQL, so one order's round trips overlap another's. They are
 *   different orders of the shop (the page's first of each number: a number the page holds again
 *   is worked after, one at a time); their stock moves lock the products in id order and a
 *   deadlock with another writer is tried again (processItem). SQLite runs one transaction at a
 *   time, so there they go one after the other.
 *
 * An order whose work failed (not a held one: an error) is answered `failed` with it, the others
 * are worked all the same; its item stays received, and the caller decides (the pull keeps its
 * cursor before the page, so the next pull takes the order again).
 */

/** How many of a page's orders are made at the same time on PostgreSQL (each holds a pool connection of the 10). */
export const PAGE_LANES = 6;

export type ShopOrdersOutcome = ShopOrderOutcome | { kind: 'failed'; error: unknown };

export async function receiveShopOrders(
  base: ServiceContext,
  shop: { companyId: number; sourceId: number },
  inputs: IntakeOrderInput[],
): Promise<ShopOrdersOutcome[]> {
  const ctx = forCompany(base, shop.companyId);
  const reads = inputs.map(readShopOrder);
  const outcomes: ShopOrdersOutcome[] = new Array(inputs.length);

  // The page's first order of each number; the rest (a number again, or none) go one at a time after.
  const seen = new Set<string>();
  const firsts: number[] = [];
  const rest: number[] = [];
  reads.forEach((r, i) => {
    if (r.externalId && !seen.has(r.externalId)) {
      seen.add(r.externalId);
      firsts.push(i);
    } else rest.push(i);
  });
  const numbers = firsts.map((i) => reads[i].externalId!);
  const [applied, held] = await Promise.all([
    appliedFingerprints(ctx.db.kysely, shop.sourceId, numbers),
    heldItemsOf(ctx.db.kysely, shop.sourceId, numbers),
  ]);
  const fresh = firsts.filter((i) => {
    const { externalId, fingerprint } = reads[i];
    const same = applied.get(externalId!) === fingerprint || held.get(externalId!)?.fingerprint === fingerprint;
    if (same) outcomes[i] = { kind: 'unchanged' };
    return !same;
  });

  const [ids, oversell] = await Promise.all([
    insertItems(
      ctx.db.kysely,
      fresh.map((i) => ({
        company_id: ctx.companyId,
        source_id: shop.sourceId,
        external_id: reads[i].externalId!,
        via: 'push',
        payload: JSON.stringify(inputs[i]),
        fingerprint: reads[i].fingerprint,
        received_at: ctx.now,
      })),
    ),
    fresh.length ? oversellOf(ctx.db.kysely, ctx.companyId) : Promise.resolve(true),
  ]);

  const work = async (i: number): Promise<ShopOrderOutcome> => {
    const { read, externalId, fingerprint } = reads[i];
    const item: Item = {
      id: ids.get(externalId!)!,
      companyId: ctx.companyId,
      sourceId: shop.sourceId,
      via: 'push',
      externalId,
      fingerprint,
    };
    // A shop's order that does not read as an order (no SKU on a line, no phone) waits with its problems.
    if ('issues' in read) return hold(ctx, item, read.issues, null, { notify: true });
    return processItem(ctx, item, read.order, { notify: true, oversell });
  };
  const settle = async (i: number, run: () => Promise<ShopOrderOutcome>) => {
    try {
      outcomes[i] = await run();
    } catch (error) {
      outcomes[i] = { kind: 'failed', error };
    }
  };
  await inLanes(fresh, ctx.db.engine === 'postgres' ? PAGE_LANES : 1, (i) => settle(i, () => work(i)));
  for (const i of rest) await settle(i, () => receiveShopOrder(ctx, shop, inputs[i]));
  return outcomes;
}

/** Runs `fn` over the items, at most `lanes` at a time, each lane taking the next item when it is done. */
async function inLanes<T>(items: T[], lanes: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
