import type { IntakeOrderInput } from '../../../../core/api/intake.js';
import type { WooOrder } from '../../../providers/shops/woocommerce.js';

/**
 * A WooCommerce order read into the intake's shape (core/api/intake.ts), so that it is one item of
 * the source's inbox like any push.
 *
 * - The order's `id` is its external id (what the notes and the status are written back to); the
 *   `number` the buyer sees is the same in core WooCommerce, and a plugin's own numbering goes to
 *   the notes.
 * - Prices: WooCommerce keeps a line's `total` and `total_tax` after discounts; the buyer paid their
 *   sum, so a unit's price is it divided by the quantity (a coupon is already in it, so none is sent:
 *   it would be taken twice). Shipping is `shipping_total` + `shipping_tax`.
 * - Payment: `cod` is cash on delivery, `bacs` a bank transfer, anything else a card (a gateway that
 *   took the money, or will before the parcel leaves): a paid order never gets a cash-on-delivery AWB.
 * - The address: WooCommerce has one line for the street and its number (`address_1`, "Str. Zorilor
 *   5"); the number is read off its end, the rest of the line and `address_2` go to the details. The
 *   county is the state's code (`CJ`) or, with a county plugin, its name.
 * - The phone: the shipping's, else the billing's (WooCommerce's shipping phone is often empty).
 */

/** WooCommerce's codes of the Romanian counties (its i18n/states.php for RO). */
const RO_COUNTIES: Record<string, string> = {
  AB: 'Alba',
  AR: 'Arad',
  AG: 'Argeș',
  BC: 'Bacău',
  BH: 'Bihor',
  BN: 'Bistrița-Năsăud',
  BT: 'Botoșani',
  BR: 'Brăila',
  BV: 'Brașov',
  B: 'București',
  BZ: 'Buzău',
  CL: 'Călărași',
  CS: 'Caraș-Severin',
  CJ: 'Cluj',
  CT: 'Constanța',
  CV: 'Covasna',
  DB: 'Dâmbovița',
  DJ: 'Dolj',
  GL: 'Galați',
  GR: 'Giurgiu',
  GJ: 'Gorj',
  HR: 'Harghita',
  HD: 'Hunedoara',
  IL: 'Ialomița',
  IS: 'Iași',
  IF: 'Ilfov',
  MM: 'Maramureș',
  MH: 'Mehedinți',
  MS: 'Mureș',
  NT: 'Neamț',
  OT: 'Olt',
  PH: 'Prahova',
  SJ: 'Sălaj',
  SM: 'Satu Mare',
  SB: 'Sibiu',
  SV: 'Suceava',
  TR: 'Teleorman',
  TM: 'Timiș',
  TL: 'Tulcea',
  VL: 'Vâlcea',
  VS: 'Vaslui',
  VN: 'Vrancea',
};

export const countyOf = (state: string): string => RO_COUNTIES[state.trim().toUpperCase()] ?? state.trim();

/**
 * WooCommerce's statuses of an order that is to be shipped (paid, or paid on delivery, or awaiting a
 * transfer). `completed` is not among them: an order done in the shop before it was connected was
 * shipped without us.
 */
const TAKEN = ['processing', 'on-hold'];
/** Statuses that end an order in the shop. */
const ENDED = ['cancelled', 'refunded', 'failed'];

/** What the order is to the console: one to take in, one the shop ended, or one not placed yet (pending payment, a draft). */
export function wooOrderKind(order: Pick<WooOrder, 'status'>): 'take' | 'ended' | 'not_yet' {
  if (TAKEN.includes(order.status)) return 'take';
  if (ENDED.includes(order.status)) return 'ended';
  return 'not_yet';
}

/** "Str. Zorilor 5", "Strada Lungă nr. 12A, bl. 3": the street, its number, what follows. */
export function splitStreet(line: string): { street: string; number: string; rest: string } {
  const text = line.trim().replace(/\s+/g, ' ');
  const m =
    /^(.*?[^\d\s,.])[\s,]+(?:nr\.?\s*|numărul\s+|no\.?\s*)?(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\b[\s,]*(.*)$/i.exec(
      text,
    );
  if (m) return { street: m[1].replace(/[,\s]*(nr\.?)?$/i, '').trim(), number: m[2], rest: m[3].trim() };
  return { street: text, number: 'FN', rest: '' };
}

const amount = (text: string | number | undefined): number => Number(text ?? 0) || 0;
const hundredths = (n: number): string => (Math.round(n * 100) / 100).toFixed(2);

export function paymentMethodOf(
  order: Pick<WooOrder, 'payment_method'>,
): 'cash_on_delivery' | 'bank_transfer' | 'card' {
  if (order.payment_method === 'cod') return 'cash_on_delivery';
  if (order.payment_method === 'bacs') return 'bank_transfer';
  return 'card';
}

export function intakeOrderOfWoo(order: WooOrder): IntakeOrderInput {
  const ship = order.shipping?.address_1 ? order.shipping : order.billing;
  const { street, number, rest } = splitStreet(ship.address_1 ?? '');
  const details = [rest, ship.address_2].filter((x) => x && x.trim()).join(', ');
  const name =
    `${ship.first_name ?? ''} ${ship.last_name ?? ''}`.trim() ||
    `${order.billing.first_name} ${order.billing.last_name}`.trim();
  const notes = [order.customer_note?.trim(), order.number !== String(order.id) ? `#${order.number}` : '']
    .filter(Boolean)
    .join('\n');
  return {
    external_id: String(order.id),
    created_at: `${order.date_created_gmt}Z`,
    customer: {
      name,
      phone_number: order.shipping?.phone?.trim() || order.billing.phone?.trim() || '',
      email: order.billing.email || null,
    },
    shipping_address: {
      county: countyOf(ship.state ?? ''),
      city: ship.city,
      street,
      number,
      zip_code: ship.postcode || undefined,
      details: details || undefined,
    },
    lines: order.line_items.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      unit_price: hundredths((amount(l.total) + amount(l.total_tax)) / Math.max(1, l.quantity)),
      name: l.name,
    })),
    currency: order.currency,
    shipping_cost: hundredths(amount(order.shipping_total) + amount(order.shipping_tax)),
    payment_method: paymentMethodOf(order),
    ...(notes ? { notes } : {}),
  };
}
