import { describe, expect, it } from 'vitest';
import { intakeOrderBody } from '../../../../core/api/intake.js';
import type { EmagOrder } from '../../../providers/shops/emag.js';
import { emagOrderKind, intakeOrderOfEmag } from './emagOrder.js';

/** Bani of the intake order's total: lines and shipping, as the order here will have it. */
const totalOf = (o: ReturnType<typeof intakeOrderOfEmag>) =>
  o.lines.reduce((s, l) => s + Math.round(Number(l.unit_price) * 100) * Number(l.quantity), 0) +
  Math.round(Number(o.shipping_cost) * 100);

const base: EmagOrder = {
  id: 260000003,
  status: 1,
  type: 3,
  is_complete: 1,
  date: '2026-12-01 12:00:00',
  modified: '2026-12-01 12:00:00',
  payment_mode_id: 1,
  payment_status: 0,
  delivery_mode: 'courier',
  shipping_tax: 15.99,
  customer: {
    id: 1,
    name: 'Ana Popescu',
    email: '5f2b…@emag-mkp.ro',
    phone_1: '0722 111 222',
    shipping_street: 'Bulevardul Eroilor nr. 15, bl. A, sc. 2',
    shipping_city: 'Cluj-Napoca',
    shipping_suburb: 'Cluj',
    shipping_postal_code: '400129',
    shipping_contact: 'Ana Popescu',
    shipping_phone: '0722 111 222',
  },
  products: [
    {
      id: 1,
      product_id: 1001,
      part_number: 'APA-2L',
      name: 'Apă 2 l (bax 6)',
      status: 1,
      quantity: 2,
      // 23.94 lei with VAT, a unit.
      sale_price: 19.7851,
      vat: '0.2100',
      product_voucher_split: [{ value: -4.1322, vat_value: -0.8678 }],
      recycle_warranties: [{ quantity: 12, sale_price: 0.5, vat_rate: 0 }],
    },
    { id: 2, product_id: 1002, part_number: 'GONE-1', name: 'Scos', status: 0, quantity: 1, sale_price: 10 },
  ],
  vouchers: [{ voucher_id: 9, voucher_name: 'Voucher 10 lei', sale_price: -8.2645, sale_price_vat: -1.7355 }],
};

describe('an eMAG order into the intake', () => {
  it('pays what eMAG says: VAT added, deposits in the unit price, vouchers taken once (split or not)', () => {
    const o = intakeOrderOfEmag(base);
    expect(intakeOrderBody.safeParse(o).success).toBe(true);
    expect(o.lines).toEqual([{ sku: 'APA-2L', quantity: 2, unit_price: '24.44', name: 'Apă 2 l (bax 6)' }]);
    // 47.88 goods + 6.00 deposits + 15.99 shipping − 10.00 vouchers = 59.87.
    expect(totalOf(o)).toBe(5987);
    expect(o.customer.email).toBeNull();
    expect(o.shipping_address).toMatchObject({ street: 'Bulevardul Eroilor', number: '15', details: 'bl. A, sc. 2' });
    expect(o.payment_method).toBe('cash_on_delivery');
    expect(o.notes).toContain('eMAG #260000003');
    expect(o.notes).toContain('Voucher 10 lei');
  });

  it('a voucher not split on the lines comes off the shipping; a paid order is never cash on delivery', () => {
    const o = intakeOrderOfEmag({
      ...base,
      payment_status: 1,
      products: [{ ...base.products[0], product_voucher_split: [] }],
    });
    expect(totalOf(o)).toBe(5987);
    expect(o.shipping_cost).toBe('5.99');
    expect(o.payment_method).toBe('card');
  });

  it('new, in progress and prepared are taken; cancelled ends; finalized, returned and eMAG’s own orders are left', () => {
    expect([0, 1, 2, 3, 4, 5].map((status) => emagOrderKind({ status, type: 3 }))).toEqual([
      'ended',
      'take',
      'take',
      'take',
      'left',
      'left',
    ]);
    expect(emagOrderKind({ status: 1, type: 2 })).toBe('left');
  });
});
