import type { IntakeOrderInput } from '../../../../core/api/intake.js';
import type { ShopifyOrder } from '../../../providers/shops/shopify.js';
import type { ShopOrderIn } from './kind.js';
import { countyOf, splitStreet } from './wooOrder.js';

/**
 * A Shopify order (the client's one shape, from the pull or a webhook) read into the intake's
 * shape, so that it is one item of the source's inbox like any push.
 *
 * - The external id is the legacy numeric id (the one a webhook and the pull both carry); the name
 *   the buyer sees ("#1001") goes to the notes.
 * - Which orders: one cancelled, or whose payment was voided or refunded in full, ends here (the
 *   connector cancels it when it has no AWB or invoice); one already fulfilled in the shop (shipped
 *   without us, or by the fulfillment we sent) is left; every other is taken (Shopify makes an
 *   order only once its checkout is complete: a manual payment waits as PENDING, a card AUTHORIZED).
 * - Prices: a line's unit price is its discounted price; an order-level discount (`discountTotal`)
 *   is spread over the lines by their share, so the lines add up to what the buyer pays (the intake
 *   takes no discount beside its lines). Shipping is the order's shipping price.
 * - Payment: the client's mapping by the gateway (a paid order is never cash on delivery).
 * - The address: Shopify's `address1` holds the street and its number ("Strada Fabricii 7"), read as
 *   WooCommerce's; the county is the province's code (`SB`, Shopify's codes for Romania) or its name.
 */

const bani = (decimal: string): number => Math.round(Number(decimal) * 100) || 0;
const lei = (n: number): string => (n / 100).toFixed(2);

/** Payment states that end the order in the shop even before it is marked cancelled. */
const ENDED_PAYMENT = ['VOIDED', 'REFUNDED'];

/** The lines' unit prices with an order-level discount spread over them by their share (in bani). */
function discountedLines(order: ShopifyOrder): IntakeOrderInput['lines'] {
  const lines = order.lines.filter((l) => l.quantity > 0);
  const total = lines.reduce((s, l) => s + bani(l.unitPrice) * l.quantity, 0);
  const off = Math.min(bani(order.discountTotal), total);
  return lines.map((l) => {
    const unit = bani(l.unitPrice);
    const share = total > 0 ? Math.round((off * unit) / total) : 0;
    return { sku: l.sku, quantity: l.quantity, unit_price: lei(Math.max(0, unit - share)), name: l.name };
  });
}

export function intakeOrderOfShopify(order: ShopifyOrder): IntakeOrderInput {
  const a = order.shippingAddress;
  const { street, number, rest } = splitStreet(a?.address1 ?? '');
  const details = [rest, a?.address2 ?? ''].filter((x) => x && x.trim()).join(', ');
  const notes = [order.note.trim(), `Shopify ${order.name}`].filter(Boolean).join('\n');
  return {
    external_id: order.externalId,
    created_at: order.createdAt,
    customer: {
      name: order.customer.name || a?.name || '',
      phone_number: order.customer.phone,
      email: order.customer.email,
    },
    shipping_address: {
      county: a?.provinceCode ? countyOf(a.provinceCode) : (a?.province ?? ''),
      city: a?.city ?? '',
      street,
      number,
      zip_code: a?.zip || undefined,
      details: details || undefined,
    },
    lines: discountedLines(order),
    currency: order.currency,
    shipping_cost: order.shippingCost,
    payment_method: order.paymentMethod,
    notes,
  };
}

/** What a Shopify order is to the console: taken, ended in the shop, or left. */
export function shopifyOrderIn(order: ShopifyOrder): ShopOrderIn {
  const externalId = order.externalId;
  if (order.cancelled || ENDED_PAYMENT.includes(order.financialStatus.toUpperCase()))
    return { kind: 'ended', externalId };
  if (order.fulfillmentStatus.toUpperCase() === 'FULFILLED') return { kind: 'left', externalId };
  return { kind: 'take', externalId, intake: intakeOrderOfShopify(order) };
}
