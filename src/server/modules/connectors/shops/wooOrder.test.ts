import { describe, expect, it } from 'vitest';
import { intakeOrderBody } from '../../../../core/api/intake.js';
import type { WooOrder } from '../../../providers/shops/woocommerce.js';
import { countyOf, intakeOrderOfWoo, paymentMethodOf, splitStreet, wooOrderKind } from './wooOrder.js';

const address = {
  first_name: 'Ana',
  last_name: 'Popescu',
  company: '',
  address_1: 'Str. Zorilor nr. 5, bl. A2',
  address_2: 'ap. 4',
  city: 'Cluj-Napoca',
  state: 'CJ',
  postcode: '400335',
  country: 'RO',
  phone: '',
};
const order: WooOrder = {
  id: 1042,
  number: '1042',
  status: 'processing',
  currency: 'RON',
  date_created_gmt: '2026-12-01T10:00:00',
  date_modified_gmt: '2026-12-01T10:05:00',
  date_paid_gmt: null,
  payment_method: 'cod',
  payment_method_title: 'Plata la livrare',
  total: '63.98',
  shipping_total: '16.52',
  shipping_tax: '3.47',
  customer_note: 'Sunați înainte.',
  billing: { ...address, email: 'ana@example.ro', phone: '0744 123 456' },
  shipping: address,
  line_items: [{ sku: 'CANA-1', name: 'Cană', quantity: 2, total: '33.04', total_tax: '6.94', price: 16.52 }],
};

describe('a WooCommerce order read into the intake', () => {
  it('reads the number off the street line, the county off its code, the phone off the billing', () => {
    expect(splitStreet('Str. Zorilor 5')).toEqual({ street: 'Str. Zorilor', number: '5', rest: '' });
    expect(splitStreet('Strada Lungă nr. 12A, bl. 3')).toEqual({
      street: 'Strada Lungă',
      number: '12A',
      rest: 'bl. 3',
    });
    expect(splitStreet('Calea Victoriei')).toEqual({ street: 'Calea Victoriei', number: 'FN', rest: '' });
    expect(countyOf('CJ')).toBe('Cluj');
    expect(countyOf('B')).toBe('București');
    expect(countyOf('Maramureș')).toBe('Maramureș');

    const read = intakeOrderBody.parse(intakeOrderOfWoo(order));
    expect(read).toMatchObject({
      external_id: '1042',
      customer: { name: 'Ana Popescu', phone_number: '0744 123 456', email: 'ana@example.ro' },
      shipping_address: {
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Str. Zorilor',
        number: '5',
        details: 'bl. A2, ap. 4',
      },
      // What the buyer paid a unit: (total + tax) / quantity, in bani; shipping with its tax.
      lines: [{ sku: 'CANA-1', quantity: 2, unit_price: 1999 }],
      shipping_cost: 1999,
      payment_method: 'cash_on_delivery',
      notes: 'Sunați înainte.',
    });
  });

  it('pays by the shop’s gateway: cod on delivery, bacs by transfer, any other by card (never a COD AWB)', () => {
    expect(paymentMethodOf({ payment_method: 'cod' })).toBe('cash_on_delivery');
    expect(paymentMethodOf({ payment_method: 'bacs' })).toBe('bank_transfer');
    expect(paymentMethodOf({ payment_method: 'stripe' })).toBe('card');
  });

  it('takes placed orders, ends cancelled ones, leaves those not placed yet', () => {
    expect(['processing', 'on-hold'].map((status) => wooOrderKind({ status }))).toEqual(['take', 'take']);
    expect(['cancelled', 'refunded', 'failed'].map((status) => wooOrderKind({ status }))).toEqual([
      'ended',
      'ended',
      'ended',
    ]);
    expect(['pending', 'checkout-draft', 'completed'].map((status) => wooOrderKind({ status }))).toEqual([
      'not_yet',
      'not_yet',
      'not_yet',
    ]);
  });
});
