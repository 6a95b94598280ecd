import crypto from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import { GqlFieldError } from './graphql.js';
import type { EmulatorStore } from './kit.js';
import { fulfillmentNode, hookNode, userError, type Resolver } from './shopifyNodes.js';
import {
  CANCEL_REASONS,
  gid,
  idOf,
  INVENTORY_REASONS,
  iso,
  LOCATION_ID,
  TOPICS,
  type ShopifyFulfillmentOrderRecord,
  type ShopifyFulfillmentRecord,
  type ShopifyHookRecord,
  type ShopifyOrderRecord,
  type ShopifyVariantRecord,
} from './shopifyRecords.js';

/**
 * The Shopify emulator's mutations: webhook subscriptions, fulfillments on fulfillment orders,
 * `orderCancel`, `inventorySetQuantities`, with Shopify's user errors; each given the emulator's
 * store and doings it needs (`MutationDeps`).
 */

/** Required arguments of each mutation (Shopify refuses the query without them, before it runs). */
export const REQUIRED: Record<string, string[]> = {
  webhookSubscriptionCreate: ['topic', 'webhookSubscription'],
  webhookSubscriptionDelete: ['id'],
  fulfillmentCreate: ['fulfillment'],
  orderCancel: ['orderId', 'reason', 'refund', 'restock'],
  inventorySetQuantities: ['input'],
};

/** What the mutations need of the emulator: its store and clock, a shop's records, its webhooks' emitter. */
export interface MutationDeps {
  store: EmulatorStore;
  clock: Clock;
  ordersOf(host: string): Promise<ShopifyOrderRecord[]>;
  getOrder(host: string, id: number): Promise<ShopifyOrderRecord | undefined>;
  saveOrder(host: string, o: ShopifyOrderRecord): Promise<void>;
  variantsOf(host: string): Promise<ShopifyVariantRecord[]>;
  hooksOf(host: string): Promise<ShopifyHookRecord[]>;
  emitOrder(host: string, topics: (keyof typeof TOPICS)[], order: ShopifyOrderRecord): void;
}

export function shopifyMutations(deps: MutationDeps): Record<string, Resolver> {
  const { store, clock, ordersOf, getOrder, saveOrder, variantsOf, hooksOf, emitOrder } = deps;
  return {
    webhookSubscriptionCreate: async (host, args) => {
      const sub = (args.webhookSubscription ?? {}) as { uri?: string; callbackUrl?: string; format?: string };
      const uri = sub.uri ?? sub.callbackUrl;
      const topic = String(args.topic);
      if (!(topic in TOPICS))
        throw new GqlFieldError(
          `Argument 'topic' on Field 'webhookSubscriptionCreate' has an invalid value (${topic}). Expected type 'WebhookSubscriptionTopic!'.`,
          'argumentLiteralsIncompatible',
        );
      const errors = [];
      if (!uri || !/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)|^pubsub:|^arn:aws:events/.test(uri))
        errors.push(userError(['webhookSubscription', 'callbackUrl'], 'Address is invalid'));
      const hooks = await hooksOf(host);
      if (uri && hooks.some((h) => h.topic === topic && h.uri === uri))
        errors.push(userError(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken'));
      if (errors.length)
        return { __typename: 'WebhookSubscriptionCreatePayload', webhookSubscription: null, userErrors: errors };
      const hook: ShopifyHookRecord = {
        id: await store.next(`hook:${host}`, 1_400_000_001),
        topic,
        uri: uri as string,
        format: sub.format === 'XML' ? 'XML' : 'JSON',
        createdAt: iso(clock.now()),
      };
      await store.put(`hooks:${host}`, String(hook.id), hook);
      return { __typename: 'WebhookSubscriptionCreatePayload', webhookSubscription: hookNode(hook), userErrors: [] };
    },
    webhookSubscriptionDelete: async (host, args) => {
      const id = idOf(args.id, 'WebhookSubscription');
      const hook = id === null ? undefined : await store.get<ShopifyHookRecord>(`hooks:${host}`, String(id));
      if (!hook)
        return {
          __typename: 'WebhookSubscriptionDeletePayload',
          deletedWebhookSubscriptionId: null,
          userErrors: [userError(['id'], 'Webhook subscription does not exist')],
        };
      await store.remove(`hooks:${host}`, String(hook.id));
      return {
        __typename: 'WebhookSubscriptionDeletePayload',
        deletedWebhookSubscriptionId: gid('WebhookSubscription', hook.id),
        userErrors: [],
      };
    },
    fulfillmentCreate: async (host, args) => {
      const input = (args.fulfillment ?? {}) as {
        lineItemsByFulfillmentOrder?: {
          fulfillmentOrderId?: string;
          fulfillmentOrderLineItems?: { id?: string; quantity?: number }[];
        }[];
        trackingInfo?: { company?: string; number?: string; url?: string; numbers?: string[]; urls?: string[] };
        notifyCustomer?: boolean;
      };
      const fail = (field: string[], message: string) => ({
        __typename: 'FulfillmentCreatePayload',
        fulfillment: null,
        userErrors: [userError(field, message)],
      });
      const groups = input.lineItemsByFulfillmentOrder ?? [];
      if (groups.length === 0)
        return fail(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must be present.');
      const all = await ordersOf(host);
      let order: ShopifyOrderRecord | undefined;
      const plan: {
        fo: ShopifyFulfillmentOrderRecord;
        lines: { line: ShopifyFulfillmentOrderRecord['lines'][number]; quantity: number }[];
      }[] = [];
      for (const g of groups) {
        const foId = idOf(g.fulfillmentOrderId, 'FulfillmentOrder');
        const owner = all.find((o) => o.fulfillmentOrders.some((f) => f.id === foId));
        const fo = owner?.fulfillmentOrders.find((f) => f.id === foId);
        if (!owner || !fo) return fail(['fulfillment'], 'Fulfillment order does not exist.');
        if (order && order.id !== owner.id)
          return fail(['fulfillment'], 'All fulfillment orders must belong to the same order.');
        order = owner;
        if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS')
          return fail(
            ['fulfillment'],
            `Fulfillment order ${gid('FulfillmentOrder', fo.id)} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
          );
        const lines = g.fulfillmentOrderLineItems?.length
          ? g.fulfillmentOrderLineItems.map((x) => ({
              line: fo.lines.find((l) => l.id === idOf(x.id, 'FulfillmentOrderLineItem')),
              quantity: x.quantity ?? 0,
            }))
          : fo.lines.filter((l) => l.remaining > 0).map((line) => ({ line, quantity: line.remaining }));
        for (const l of lines) {
          if (!l.line) return fail(['fulfillment'], 'Fulfillment order line item does not exist.');
          if (!Number.isInteger(l.quantity) || l.quantity <= 0 || l.quantity > l.line.remaining)
            return fail(
              ['fulfillment'],
              `Invalid quantity for fulfillment order line item ${gid('FulfillmentOrderLineItem', l.line.id)}.`,
            );
        }
        plan.push({ fo, lines: lines as { line: ShopifyFulfillmentOrderRecord['lines'][number]; quantity: number }[] });
      }
      if (!order) return fail(['fulfillment'], 'Fulfillment order does not exist.');
      if (order.cancelledAt) return fail(['fulfillment'], 'The order has been cancelled.');
      const t = input.trackingInfo ?? {};
      const fulfillment: ShopifyFulfillmentRecord = {
        id: await store.next(`fulfillment:${host}`, 4_700_000_001),
        status: 'SUCCESS',
        createdAt: iso(clock.now()),
        tracking: {
          company: t.company ?? null,
          number: t.number ?? t.numbers?.[0] ?? null,
          url: t.url ?? t.urls?.[0] ?? null,
        },
        notifyCustomer: input.notifyCustomer === true,
        lines: [],
      };
      for (const { fo, lines } of plan) {
        for (const { line, quantity } of lines) {
          line.remaining -= quantity;
          fulfillment.lines.push({ lineId: line.lineId, quantity });
        }
        fo.status = fo.lines.every((l) => l.remaining === 0) ? 'CLOSED' : 'IN_PROGRESS';
      }
      order.fulfillments.push(fulfillment);
      const remaining = order.fulfillmentOrders.flatMap((f) => f.lines).reduce((s, l) => s + l.remaining, 0);
      order.fulfillment = remaining === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
      order.updatedAt = iso(clock.now());
      await saveOrder(host, order);
      emitOrder(host, remaining === 0 ? ['ORDERS_UPDATED', 'ORDERS_FULFILLED'] : ['ORDERS_UPDATED'], order);
      return { __typename: 'FulfillmentCreatePayload', fulfillment: fulfillmentNode(fulfillment), userErrors: [] };
    },
    orderCancel: async (host, args) => {
      const payload = (errors: ReturnType<typeof userError>[], job: unknown = null) => ({
        __typename: 'OrderCancelPayload',
        job,
        orderCancelUserErrors: errors,
        userErrors: errors,
      });
      if (!CANCEL_REASONS.includes(String(args.reason)))
        throw new GqlFieldError(
          `Argument 'reason' on Field 'orderCancel' has an invalid value (${String(args.reason)}). Expected type 'OrderCancelReason!'.`,
          'argumentLiteralsIncompatible',
        );
      const id = idOf(args.orderId, 'Order');
      const o = id === null ? undefined : await getOrder(host, id);
      if (!o) return payload([userError(['orderId'], 'Order does not exist', 'NOT_FOUND')]);
      if (o.cancelledAt)
        return payload([userError(['orderId'], 'Cannot cancel an order that has already been cancelled', 'INVALID')]);
      if (o.fulfillment !== 'UNFULFILLED')
        return payload([userError(['orderId'], 'Cannot cancel an order that has fulfilled line items', 'INVALID')]);
      const now = iso(clock.now());
      o.cancelledAt = now;
      o.closedAt = now;
      o.cancelReason = String(args.reason);
      o.updatedAt = now;
      if (args.refund === true && o.financial === 'PAID') o.financial = 'REFUNDED';
      else if (o.financial === 'PENDING' || o.financial === 'AUTHORIZED') o.financial = 'VOIDED';
      for (const f of o.fulfillmentOrders) f.status = 'CANCELLED';
      if (args.restock === true)
        for (const l of o.lines) {
          const v = (await variantsOf(host)).find((x) => x.id === l.variantId);
          if (v) {
            v.levels[String(LOCATION_ID)] = (v.levels[String(LOCATION_ID)] ?? 0) + l.quantity;
            await store.put(`variants:${host}`, String(v.id), v);
          }
        }
      await saveOrder(host, o);
      emitOrder(host, ['ORDERS_CANCELLED', 'ORDERS_UPDATED'], o);
      return payload([], { __typename: 'Job', id: `gid://shopify/Job/${crypto.randomUUID()}`, done: false });
    },
    inventorySetQuantities: async (host, args) => {
      const input = (args.input ?? {}) as {
        name?: string;
        reason?: string;
        ignoreCompareQuantity?: boolean;
        quantities?: {
          inventoryItemId?: string;
          locationId?: string;
          quantity?: number;
          compareQuantity?: number | null;
          changeFromQuantity?: number | null;
        }[];
      };
      const payload = (errors: ReturnType<typeof userError>[], group: unknown = null) => ({
        __typename: 'InventorySetQuantitiesPayload',
        inventoryAdjustmentGroup: group,
        userErrors: errors,
      });
      if (input.name !== 'available' && input.name !== 'on_hand')
        return payload([
          userError(['input', 'name'], "The quantity name must be either 'available' or 'on_hand'.", 'INVALID_NAME'),
        ]);
      if (!input.reason || !INVENTORY_REASONS.includes(input.reason))
        return payload([userError(['input', 'reason'], 'The specified reason is invalid.', 'INVALID_REASON')]);
      const variants = await variantsOf(host);
      const changes: { name: string; delta: number; quantityAfterChange: number }[] = [];
      const touched: ShopifyVariantRecord[] = [];
      for (const [i, q] of (input.quantities ?? []).entries()) {
        const v = variants.find((x) => x.inventoryItemId === idOf(q.inventoryItemId, 'InventoryItem'));
        const field = ['input', 'quantities', String(i)];
        if (!v)
          return payload([
            userError(
              [...field, 'inventoryItemId'],
              'The specified inventory item could not be found.',
              'INVALID_INVENTORY_ITEM',
            ),
          ]);
        const loc = idOf(q.locationId, 'Location');
        if (loc === null || !(String(loc) in v.levels))
          return payload([
            userError([...field, 'locationId'], 'The specified location could not be found.', 'INVALID_LOCATION'),
          ]);
        if (
          !Number.isInteger(q.quantity) ||
          (q.quantity as number) > 1_000_000_000 ||
          (q.quantity as number) < -1_000_000_000
        )
          return payload([userError([...field, 'quantity'], 'The quantity is invalid.', 'INVALID_QUANTITY')]);
        const current = v.levels[String(loc)];
        const expected =
          q.changeFromQuantity !== undefined
            ? q.changeFromQuantity
            : input.ignoreCompareQuantity
              ? null
              : (q.compareQuantity ?? null);
        if (expected !== null && expected !== undefined && expected !== current)
          return payload([
            userError(
              [...field, 'changeFromQuantity'],
              'The specified compare quantity does not match the current quantity.',
              'CHANGE_FROM_QUANTITY_STALE',
            ),
          ]);
        changes.push({
          name: input.name,
          delta: (q.quantity as number) - current,
          quantityAfterChange: q.quantity as number,
        });
        v.levels[String(loc)] = q.quantity as number;
        touched.push(v);
      }
      for (const v of touched) await store.put(`variants:${host}`, String(v.id), v);
      return payload([], {
        __typename: 'InventoryAdjustmentGroup',
        createdAt: iso(clock.now()),
        reason: input.reason,
        changes: changes.map((c) => ({ __typename: 'InventoryChange', ...c })),
      });
    },
  };
}
