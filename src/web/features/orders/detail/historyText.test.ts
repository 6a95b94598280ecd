import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { common } from '../../../components/i18n';
import orders from '../i18n';
import type { OrderEvent } from '../../../../core/api/orders';
import { describeEvent, eventAuthor } from './historyText';

const ev = (
  type: string,
  data: Record<string, unknown> = {},
  user: OrderEvent['user'] = { id: 1, name: 'Maria Dumitrescu' },
): OrderEvent => ({ id: 1, type, data, created_at: 1_763_000_000, user });
let en: ReturnType<typeof i18n.getFixedT>;
let ro: ReturnType<typeof i18n.getFixedT>;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { orders: orders.en, common: common.en }, ro: { orders: orders.ro, common: common.ro } },
    defaultNS: 'orders',
  });
  en = i18n.getFixedT('en', 'orders');
  ro = i18n.getFixedT('ro', 'orders');
});

describe('activity timeline texts', () => {
  it('says what changed for each kind of event', () => {
    expect(
      describeEvent(
        ev('created', {
          lines: [
            { sku: 'TR-M', quantity: 2 },
            { sku: 'CN', quantity: 1 },
          ],
        }),
        en,
        'en',
      ),
    ).toEqual({ title: 'Order created', details: ['TR-M × 2, CN × 1'] });
    expect(describeEvent(ev('line_changed', { sku: 'CN', name: 'Cană', from: 1, to: 3 }), en, 'en')).toEqual({
      title: 'Quantity changed',
      details: ['Cană: 1 → 3'],
    });
    expect(describeEvent(ev('line_removed', { sku: 'CN', name: 'Cană', quantity: 3 }), en, 'en').details).toEqual([
      'Cană (CN) × 3',
    ]);
    expect(
      describeEvent(ev('discount_added', { kind: 'manual', type: 'percentage', value: 12.5, sku: 'CN' }), en, 'en')
        .details,
    ).toEqual(['Percentage 12.5 % on CN']);
    expect(
      describeEvent(ev('discount_added', { kind: 'order', type: 'amount', value: 10, automatic: true }), en, 'en')
        .details,
    ).toEqual(['Amount 10.00 RON (automatic)']);
    expect(describeEvent(ev('discount_changed', { type: 'amount', from: 10, to: 7.5 }), en, 'en').details).toEqual([
      '10.00 RON → 7.50 RON',
    ]);
    expect(describeEvent(ev('free_shipping', { applied: false }), en, 'en').title).toBe('Free shipping removed');
    expect(
      describeEvent(
        ev('automatic_discount_changed', {
          kind: 'order',
          from: { type: 'percentage', value: 10 },
          to: { type: 'shipping' },
          automatic: true,
        }),
        en,
        'en',
      ),
    ).toEqual({ title: 'Automatic discount changed', details: ['Percentage 10 % → Free shipping'] });
    expect(
      describeEvent(
        ev('customer_detail_changed', {
          changes: { address: { from: null, to: 'Str. Zorilor 12' }, company_name: { from: 'A', to: 'B' } },
        }),
        en,
        'en',
      ).details,
    ).toEqual(['Address: (empty) → Str. Zorilor 12', 'Company name: A → B']);
    expect(describeEvent(ev('flagged', { reason: 'Refused the parcel' }), en, 'en').details).toEqual([
      'Reason: Refused the parcel',
    ]);
    expect(describeEvent(ev('cancelled', { from: 'new', to: 'cancelled' }), en, 'en')).toEqual({
      title: 'Order cancelled',
      details: [],
    });
  });

  it('reads in Romanian, with Romanian numbers', () => {
    expect(describeEvent(ev('discount_changed', { type: 'amount', from: 1234.5, to: 7.5 }), ro, 'ro')).toEqual({
      title: 'Reducere modificată',
      details: ['1.234,50 RON → 7,50 RON'],
    });
    expect(
      describeEvent(ev('customer_detail_changed', { changes: { county: { from: 'Cluj', to: 'Iași' } } }), ro, 'ro')
        .details,
    ).toEqual(['Județ: Cluj → Iași']);
    // The postal code found again for a new city reads under its label.
    expect(
      describeEvent(
        ev('customer_detail_changed', { changes: { zip_code: { from: '400335', to: '405200' } } }),
        ro,
        'ro',
      ).details,
    ).toEqual(['Cod poștal: 400335 → 405200']);
  });

  it('an unknown event shows its name; the author is the user or System', () => {
    expect(describeEvent(ev('gift_wrapped'), en, 'en')).toEqual({ title: 'gift wrapped', details: [] });
    expect(eventAuthor(ev('created'), en)).toBe('Maria Dumitrescu');
    expect(eventAuthor(ev('created', {}, null), en)).toBe('System');
  });

  it('a coupon applied or removed names its code, in both languages', () => {
    expect(describeEvent(ev('coupon_applied', { code: 'VARA10' }), en, 'en')).toEqual({
      title: 'Coupon applied',
      details: ['Code VARA10'],
    });
    expect(describeEvent(ev('coupon_removed', { code: 'VARA10' }), en, 'en')).toEqual({
      title: 'Coupon removed',
      details: ['Code VARA10'],
    });
    expect(describeEvent(ev('coupon_applied', { code: 'TOAMNĂ-5' }), ro, 'ro')).toEqual({
      title: 'Cupon aplicat',
      details: ['Codul TOAMNĂ-5'],
    });
    expect(describeEvent(ev('coupon_removed', { code: 'A&B' }), ro, 'ro')).toEqual({
      title: 'Cupon eliminat',
      details: ['Codul A&B'],
    });
    expect(describeEvent(ev('coupon_removed', {}), en, 'en')).toEqual({ title: 'Coupon removed', details: [] });
  });

  it('AWB, courier status, status and invoice events, in both languages', () => {
    const system = (type: string, data: Record<string, unknown>) => ev(type, data, null);
    expect(describeEvent(ev('awb_created', { courier: 'cargus', awb: '1000123' }), en, 'en')).toEqual({
      title: 'AWB created',
      details: ['Cargus · AWB 1000123'],
    });
    expect(describeEvent(ev('awb_deleted', { courier: 'dpd', awb: '77' }), ro, 'ro')).toEqual({
      title: 'AWB șters',
      details: ['DPD · AWB 77'],
    });
    expect(
      describeEvent(system('awb_created', { courier: 'sameday', awb: '5', found_after_timeout: true }), en, 'en')
        .details,
    ).toEqual(['Sameday · AWB 5', 'Found at the courier after its answer was lost']);
    expect(
      describeEvent(
        ev('awb_created', { courier: 'sameday', awb: '5', found_after_timeout: true, chosen_by_seller: true }),
        ro,
        'ro',
      ).details,
    ).toEqual(['Sameday · AWB 5', 'Ales manual dintre AWB-urile pe care curierul nu le putea deosebi']);
    expect(describeEvent(ev('awb_candidates_dismissed', { courier: 'sameday', awbs: ['5', '6'] }), en, 'en')).toEqual({
      title: 'AWB request taken as not made',
      details: ["Sameday: none of the AWBs 5, 6 is this order's"],
    });
    expect(describeEvent(ev('awb_candidates_dismissed', { courier: 'sameday', awbs: ['5'] }), ro, 'ro')).toEqual({
      title: 'Cerere de AWB considerată necreată',
      details: ['Sameday: AWB-ul 5 nu este al acestei comenzi'],
    });
    expect(
      describeEvent(ev('awb_deleted', { courier: 'dpd', awb: '77', gone_at_courier: true }), ro, 'ro').details,
    ).toEqual(['DPD · AWB 77', 'Nu mai exista la curier']);
    expect(
      describeEvent(system('courier_status', { awb: '1000123', from: 'created', to: 'inDelivery' }), en, 'en'),
    ).toEqual({ title: 'Courier status changed', details: ['AWB 1000123: Created → In delivery'] });
    expect(
      describeEvent(system('courier_status', { awb: '1000123', from: null, to: 'pickedUp' }), ro, 'ro').details,
    ).toEqual(['AWB 1000123: (gol) → Ridicat']);
    expect(describeEvent(ev('status_changed', { from: 'new', to: 'processing' }), en, 'en')).toEqual({
      title: 'Status changed',
      details: ['New → Processing'],
    });
    expect(describeEvent(ev('status_changed', { from: 'completed', to: 'partially_storno' }), ro, 'ro')).toEqual({
      title: 'Stare modificată',
      details: ['Finalizată → Stornată parțial'],
    });
    expect(describeEvent(ev('invoice_created', { bill_number: 'SB 12' }), en, 'en')).toEqual({
      title: 'Invoice issued',
      details: ['Invoice SB 12'],
    });
    expect(describeEvent(ev('invoice_cancelled', { bill_number: 'SB 12' }), ro, 'ro')).toEqual({
      title: 'Factură anulată',
      details: ['Factura SB 12'],
    });
    expect(describeEvent(ev('invoice_deleted', { bill_number: 'SB 12' }), en, 'en').title).toBe('Invoice deleted');
    expect(
      describeEvent(ev('invoice_storno', { bill_number: 'SB 12', storno: 'SB 13', partial: true }), en, 'en'),
    ).toEqual({ title: 'Invoice partially reversed', details: ['Invoice SB 12 · storno SB 13'] });
    expect(
      describeEvent(ev('invoice_storno', { bill_number: 'SB 12', storno: 'SB 14', partial: false }), ro, 'ro'),
    ).toEqual({ title: 'Factură stornată', details: ['Factura SB 12 · stornare SB 14'] });
  });

  it('an SMS skipped for placeholders it could not fill names them, in both languages', () => {
    const skipped = ev('sms_not_sent', {
      event: 'awb_created',
      awb: '1',
      reason: 'unfilled_placeholders',
      placeholders: ['{cod}', '{nume}'],
    });
    expect(describeEvent(skipped, en, 'en')).toEqual({
      title: 'No SMS sent',
      details: ['AWB created: the text has placeholders that could not be filled for this order: {cod}, {nume}'],
    });
    expect(describeEvent(skipped, ro, 'ro').details).toEqual([
      'AWB creat: textul are variabile care nu au putut fi completate pentru această comandă: {cod}, {nume}',
    ]);
  });
});

describe('the timeline of an order that arrived by itself', () => {
  it("a shop's change names what it changed; a replaced postal code and the address check say so, in both languages", () => {
    const system = (type: string, data: Record<string, unknown>) => ev(type, data, null);
    const changed = system('changed_in_shop', {
      origin: { via: 'push', external_id: 'WC-1' },
      changes: {
        name: { from: 'Ioana Popescu', to: 'Ioana Pop' },
        street: { from: 'Str. Memorandumului', to: 'Strada Fabricii' },
        street_number: { from: '28', to: '7' },
      },
    });
    expect(describeEvent(changed, en, 'en')).toEqual({
      title: 'Changed in the shop',
      details: [
        'Name: Ioana Popescu → Ioana Pop',
        'Street: Str. Memorandumului → Strada Fabricii',
        'Street number: 28 → 7',
      ],
    });
    expect(describeEvent(changed, ro, 'ro')).toEqual({
      title: 'Modificată în magazin',
      details: [
        'Nume: Ioana Popescu → Ioana Pop',
        'Stradă: Str. Memorandumului → Strada Fabricii',
        'Număr stradă: 28 → 7',
      ],
    });
    const replaced = system('customer_detail_changed', {
      changes: { zip_code: { from: '010101', to: '030833' } },
      reason: 'postal_code_of_street',
    });
    expect(describeEvent(replaced, en, 'en').details).toEqual([
      'Postal code: 010101 → 030833',
      'The postal code typed was replaced by the one of the street and number',
    ]);
    expect(describeEvent(replaced, ro, 'ro').details).toEqual([
      'Cod poștal: 010101 → 030833',
      'Codul poștal scris a fost înlocuit cu cel al străzii și numărului',
    ]);
    expect(describeEvent(system('address_to_check', { part: 'street', reason: 'unknown' }), ro, 'ro').title).toBe(
      'Adresă de verificat',
    );
    expect(describeEvent(ev('address_confirmed'), en, 'en').title).toBe('Address confirmed');
  });
});
