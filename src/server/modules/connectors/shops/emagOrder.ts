import type { IntakeOrderInput } from '../../../../core/api/intake.js';
import { parseEmagDate, toShopOrder, type EmagOrder } from '../../../providers/shops/emag.js';
import { splitStreet } from './wooOrder.js';

/**
 * An eMAG order read into the intake's shape, so that it is one item of the source's inbox like any
 * push. The client's `toShopOrder` has already handled eMAG's traps (prices without VAT beside the
 * line's rate, shipping with VAT, vouchers at order and line level, SGR deposits, the hashed e-mail);
 * what is left is the intake's shape, which has lines and shipping and no discount or deposit line:
 *
 * - A line's unit price is what the buyer pays for one unit: its price with VAT, plus its SGR
 *   deposits, less the vouchers that fell on it (`product_voucher_split`), over its quantity (a
 *   deposit line of its own would be a SKU the catalogue lacks: a held item for every bottled order).
 * - A voucher not split on the lines (an order-level one alone) is taken off the shipping, and so is
 *   the ban a unit price's rounding leaves: the order's total is then exactly eMAG's (the
 *   cash-on-delivery amount, or `cashed_co`). The vouchers are named in the order's notes.
 * - The buyer's e-mail is a hash eMAG makes: none is kept (nothing may be sent to it).
 * - Payment: eMAG's payment mode (1 cash on delivery, 2 bank transfer, 3 card); an order eMAG already
 *   shows paid is never cash on delivery.
 */

const bani = (lei: string): number => Math.round(Number(lei) * 100);
const lei = (b: number): string => (b / 100).toFixed(2);

/** What the order is to the console: to take in (new, in progress, prepared), ended (cancelled), or done before us. */
export function emagOrderKind(order: Pick<EmagOrder, 'status' | 'type'>): 'take' | 'ended' | 'left' {
  if (Number(order.type) !== 3) return 'left';
  const status = Number(order.status);
  if (status === 1 || status === 2 || status === 3) return 'take';
  if (status === 0) return 'ended';
  return 'left';
}

export function intakeOrderOfEmag(order: EmagOrder): IntakeOrderInput {
  const shop = toShopOrder(order);
  const kept = (order.products ?? []).filter((p) => Number(p.status) !== 0);
  let deposit = 0;
  const lines = shop.lines.map((l, i) => {
    const p = kept[i];
    const own = shop.deposits.slice(deposit, (deposit += p?.recycle_warranties?.length ?? 0));
    const line = bani(l.total) + own.reduce((s, d) => s + bani(d.total), 0) - bani(l.discount);
    return { sku: l.sku, quantity: l.quantity, unitBani: Math.round(line / Math.max(1, l.quantity)), name: l.name };
  });
  const goods = lines.reduce((s, l) => s + l.unitBani * l.quantity, 0);
  // What the lines and the shipping do not explain of eMAG's total: an unsplit voucher, a unit's rounding.
  const shipping = Math.max(0, bani(shop.total) - goods);
  const { street, number, rest } = splitStreet(shop.shipping_address.address);
  const created = parseEmagDate(order.date);
  const notes = [
    `eMAG #${order.id}`,
    ...shop.vouchers.map((v) => `${v.name}: -${v.amount} lei`),
    typeof order.observation === 'string' ? order.observation.trim() : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    external_id: shop.external_id,
    ...(Number.isFinite(created) ? { created_at: new Date(created * 1000).toISOString() } : {}),
    customer: {
      name: shop.customer.name || shop.shipping_address.contact,
      phone_number: shop.customer.phone,
      email: null,
    },
    shipping_address: {
      county: shop.shipping_address.county,
      city: shop.shipping_address.city,
      street,
      number,
      zip_code: shop.shipping_address.postal_code || undefined,
      details: rest || undefined,
    },
    lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, unit_price: lei(l.unitBani), name: l.name })),
    currency: 'RON',
    shipping_cost: lei(shipping),
    payment_method: shop.paid && shop.payment_method === 'cash_on_delivery' ? 'card' : shop.payment_method,
    notes,
  };
}
