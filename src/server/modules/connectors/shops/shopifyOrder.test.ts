import { describe, expect, it } from 'vitest';
import type { ShopifyOrder } from '../../../providers/shops/shopify.js';
import { intakeOrderOfShopify, shopifyOrderIn } from './shopifyOrder.js';

const order = (o: Partial<ShopifyOrder> = {}): ShopifyOrder => ({
  externalId: '6100000001',
  gid: 'gid://shopify/Order/6100000001',
  name: '#1001',
  createdAt: '2027-01-15T08:00:00Z',
  updatedAt: '2027-01-15T08:00:00Z',
  cancelledAt: null,
  cancelled: false,
  currency: 'RON',
  financialStatus: 'PENDING',
  fulfillmentStatus: 'UNFULFILLED',
  paymentGateways: ['Cash on Delivery (COD)'],
  paymentMethod: 'cash_on_delivery',
  note: '',
  customer: { name: 'Ana Popescu', email: 'ana@example.ro', phone: '+40722000001' },
  shippingAddress: {
    name: 'Ana Popescu',
    company: '',
    address1: 'Bulevardul Eroilor 15',
    address2: 'bl. A, sc. 2',
    city: 'Cluj-Napoca',
    province: 'Cluj',
    provinceCode: 'CJ',
    zip: '400129',
    countryCode: 'RO',
    phone: '+40722000001',
    text: '',
  },
  lines: [
    { sku: 'CANA-1', name: 'Cană', quantity: 2, unitPrice: '30.00' },
    { sku: 'BOL-2', name: 'Bol', quantity: 1, unitPrice: '40.00' },
  ],
  shippingCost: '19.99',
  discountTotal: '0.00',
  total: '119.99',
  taxesIncluded: true,
  ...o,
});

describe('a Shopify order as the intake takes it', () => {
  it('reads the street number off address1, the county off its code, the name into the notes', () => {
    const intake = intakeOrderOfShopify(order({ note: 'Sunați înainte' }));
    expect(intake).toMatchObject({
      external_id: '6100000001',
      customer: { name: 'Ana Popescu', phone_number: '+40722000001', email: 'ana@example.ro' },
      shipping_address: {
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Bulevardul Eroilor',
        number: '15',
        zip_code: '400129',
        details: 'bl. A, sc. 2',
      },
      shipping_cost: '19.99',
      payment_method: 'cash_on_delivery',
      notes: 'Sunați înainte\nShopify #1001',
    });
  });

  it('spreads an order-level discount over the lines by their share', () => {
    // 10 lei off 100: 30 → 27 a unit (×2), 40 → 36.
    const lines = intakeOrderOfShopify(order({ discountTotal: '10.00' })).lines;
    expect(lines.map((l) => [l.sku, l.quantity, l.unit_price])).toEqual([
      ['CANA-1', 2, '27.00'],
      ['BOL-2', 1, '36.00'],
    ]);
  });

  it('ends a cancelled or voided order, leaves one fulfilled in the shop, takes the rest', () => {
    expect(shopifyOrderIn(order({ cancelled: true })).kind).toBe('ended');
    expect(shopifyOrderIn(order({ financialStatus: 'VOIDED' })).kind).toBe('ended');
    expect(shopifyOrderIn(order({ fulfillmentStatus: 'FULFILLED' })).kind).toBe('left');
    expect(shopifyOrderIn(order({ financialStatus: 'PAID', paymentMethod: 'card' }))).toMatchObject({
      kind: 'take',
      intake: { payment_method: 'card' },
    });
  });
});
