import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../core/api/orders';
import type { Package } from '../../../../core/api/packages';
import { PACKAGE_PRESETS } from '../../../../core/api/shipping';
import { translate } from '../../../../core/messages';
import { emptyAddress, type AddressFacts, type AddressValue } from '../../../components/address/types';
import {
  awbFormStart,
  awbPayload,
  checkAwb,
  contentOf,
  packageChoice,
  presetChoice,
  serverAwbErrors,
  shippingDefaultsOf,
  sizeOf,
  type AwbFormValues,
} from './awbForm';

const order = (extra: Partial<Order> = {}): Order =>
  ({
    id: 42,
    status: 'new',
    courier: null,
    awb: null,
    total_value: 116,
    observations: 'Sunați înainte',
    customer_detail: {
      name: 'Ana Pop',
      phone_number: '+40744123456',
      address: 'Strada Zorilor 12',
      street: 'Strada Zorilor',
      street_number: '12',
    },
    order_products: [
      {
        id: 1,
        product_id: 4,
        quantity: 1,
        product: { name: 'Cană', sku: 'CN', selling_price: 10.1, currency: 'RON' },
        value: 10.1,
      },
      {
        id: 2,
        product_id: 7,
        quantity: 2,
        product: { name: 'Tricou M', sku: 'TR-M', selling_price: 45.45, currency: 'RON' },
        value: 90.9,
      },
    ],
    ...extra,
  }) as Order;

const cluj: AddressValue = {
  county_id: 12,
  county: 'Cluj',
  city_id: 54984,
  city: 'Cluj-Napoca',
  street_id: 6493,
  street: 'Strada Zorilor',
  street_number: '12',
  postal_code: '400335',
};
const coded: AddressFacts = { cityCodedByStreet: true, streetNeedsNumber: true };
const plain: AddressFacts = { cityCodedByStreet: false, streetNeedsNumber: false };
const medium = { ...PACKAGE_PRESETS.medium };
const values = (extra: Partial<AwbFormValues> = {}): AwbFormValues => ({
  ...awbFormStart(order(), ['cargus']),
  ...medium,
  ...extra,
});

/** The first failing check's field and text, as the modal shows it. */
function first(
  v: AwbFormValues,
  address: AddressValue,
  facts: AddressFacts,
  couriers = ['cargus', 'sameday', 'dpd'],
  lang: 'en' | 'ro' = 'en',
) {
  const check = checkAwb(v, address, awbPayload(order(), v, address), couriers, facts, lang);
  if (!check) return null;
  const field = check.first;
  return field
    ? { field, text: (check.address as Record<string, unknown>)[field] ?? check.fields[field] }
    : { field: null, check };
}

describe('AWB modal start', () => {
  it('prefills the order: its usable courier else the only one, the address line, notes as observations, the products as content', () => {
    const start = awbFormStart(order(), ['cargus', 'sameday']);
    expect(start).toMatchObject({
      courier: null,
      address: 'Strada Zorilor 12',
      observations: 'Sunați înainte',
      package_content: 'Cană × 1, Tricou M × 2',
      package: null,
      package_width: '',
    });
    expect(awbFormStart(order(), ['sameday']).courier).toBe('sameday');
    expect(awbFormStart(order({ courier: 'cargus' }), ['cargus', 'sameday']).courier).toBe('cargus');
    // A courier no longer usable is not kept.
    expect(awbFormStart(order({ courier: 'dpd' }), ['cargus', 'sameday']).courier).toBeNull();
    // No address line: street and number.
    expect(awbFormStart(order({ customer_detail: { ...order().customer_detail, address: 'null' } }), []).address).toBe(
      'Strada Zorilor 12',
    );
  });

  it("starts with the company's shipping defaults: its courier when usable, its preset unless a package is default", () => {
    const defaults = shippingDefaultsOf({ default_courier: 'sameday', default_package_id: 'large' });
    expect(defaults).toEqual({ courier: 'sameday', preset: 'large' });
    const start = awbFormStart(order(), ['cargus', 'sameday'], null, defaults);
    expect(start).toMatchObject({ courier: 'sameday', package: presetChoice('large'), ...PACKAGE_PRESETS.large });
    // The order's own usable courier comes first; a default not set up is not used.
    expect(awbFormStart(order({ courier: 'cargus' }), ['cargus', 'sameday'], null, defaults).courier).toBe('cargus');
    expect(awbFormStart(order(), ['cargus', 'dpd'], null, defaults).courier).toBeNull();
    // A package marked default wins over the preset; a package id is no preset.
    const pkg = { id: 7, width: 11, height: 12, length: 13, weight: 1.5 } as never;
    expect(awbFormStart(order(), ['cargus'], pkg, defaults)).toMatchObject({
      package: packageChoice(7),
      package_width: 11,
    });
    expect(shippingDefaultsOf({ default_courier: null, default_package_id: 7 })).toEqual({
      courier: null,
      preset: null,
    });
    expect(shippingDefaultsOf(undefined)).toEqual({ courier: null, preset: null });
  });

  it('cuts a long content to the 255 characters the payload takes', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      id: i,
      product_id: i,
      quantity: 1,
      product: { name: `Produs lung ${i}`, sku: `P${i}`, selling_price: 1, currency: 'RON' },
      value: 1,
    }));
    const text = contentOf({ order_products: many });
    expect(text).toHaveLength(255);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('AWB sizes', () => {
  it('the spec presets: small 25×10×25 cm 1 kg, medium 30×10×40 cm 2 kg, large 60×40×70 cm 5 kg', () => {
    expect(sizeOf(presetChoice('small'), [])).toEqual({
      package_width: 25,
      package_height: 10,
      package_length: 25,
      package_weight: 1,
    });
    expect(sizeOf(presetChoice('medium'), [])).toEqual({
      package_width: 30,
      package_height: 10,
      package_length: 40,
      package_weight: 2,
    });
    expect(sizeOf(presetChoice('large'), [])).toEqual({
      package_width: 60,
      package_height: 40,
      package_length: 70,
      package_weight: 5,
    });
  });

  it('a company package gives its own dimensions and weight', () => {
    const box = { id: 9, name: 'Cutie vin', width: 12.5, height: 35, length: 12.5, weight: 1.75 } as Package;
    expect(sizeOf(packageChoice(9), [box])).toEqual({
      package_width: 12.5,
      package_height: 35,
      package_length: 12.5,
      package_weight: 1.75,
    });
    expect(sizeOf(packageChoice(10), [box])).toBeNull();
    expect(sizeOf(null, [box])).toBeNull();
  });
});

describe('AWB checks before sending (in the order the server checks, with the server texts)', () => {
  it('courier, then a configured courier, then county, then city', () => {
    expect(first(values({ courier: null }), emptyAddress, plain)).toEqual({
      field: 'courier',
      text: translate('en', 'select_courier'),
    });
    expect(first(values({ courier: 'dpd' }), emptyAddress, plain, ['cargus'])).toEqual({
      field: 'courier',
      text: translate('en', 'courier_not_configured'),
    });
    expect(first(values({ courier: 'cargus' }), emptyAddress, plain)).toEqual({
      field: 'county',
      text: 'Choose a county.',
    });
    expect(first(values({ courier: 'cargus' }), { ...emptyAddress, county_id: 12, county: 'Cluj' }, plain)).toEqual({
      field: 'city',
      text: 'Choose a city.',
    });
  });

  it('Cargus: a street in a city coded by street, the number when the street needs it, then the postal code', () => {
    const city = { ...cluj, street_id: null, street: '', street_number: '', postal_code: '' };
    expect(first(values({ courier: 'cargus' }), city, coded)).toEqual({
      field: 'street',
      text: translate('en', 'select_street'),
    });
    expect(first(values({ courier: 'cargus' }), { ...city, street_id: 6493, street: 'Strada Zorilor' }, coded)).toEqual(
      { field: 'street_number', text: translate('en', 'street_number_required') },
    );
    expect(first(values({ courier: 'cargus' }), { ...cluj, postal_code: '' }, coded)).toEqual({
      field: 'postal_code',
      text: translate('en', 'postal_code_required'),
    });
    // A village: no street list, the city's code; the address line is not needed by Cargus.
    const village = {
      county_id: 3,
      county: 'Argeș',
      city_id: 17557,
      city: 'Lăzărești',
      street_id: null,
      street: '',
      street_number: '',
      postal_code: '117511',
    };
    expect(
      checkAwb(
        values({ courier: 'cargus', address: '' }),
        village,
        awbPayload(order(), values({ courier: 'cargus', address: '' }), village),
        ['cargus'],
        plain,
        'en',
      ),
    ).toBeNull();
  });

  it('Sameday and the others: the address line', () => {
    for (const courier of ['sameday', 'dpd'])
      expect(first(values({ courier, address: '  ' }), cluj, coded)).toEqual({
        field: 'address',
        text: translate('en', 'address_required'),
      });
    expect(
      checkAwb(
        values({ courier: 'sameday' }),
        cluj,
        awbPayload(order(), values({ courier: 'sameday' }), cluj),
        ['sameday'],
        coded,
        'en',
      ),
    ).toBeNull();
  });

  it('in Romanian', () => {
    expect(first(values({ courier: null }), emptyAddress, plain, ['cargus'], 'ro')).toEqual({
      field: 'courier',
      text: 'Alegeți un curier.',
    });
  });

  it('the sizes are checked beside the address (required, above 0), on their own fields', () => {
    const v = values({ courier: 'cargus', package_width: '', package_weight: 0 });
    const check = checkAwb(v, cluj, awbPayload(order(), v, cluj), ['cargus'], coded, 'en')!;
    expect(check.first).toBeNull();
    expect(check.fields).toEqual({
      package_width: translate('en', 'required'),
      package_weight: translate('en', 'positive'),
    });
    const both = values({ courier: 'cargus', package_height: '' });
    const withAddress = checkAwb(both, emptyAddress, awbPayload(order(), both, emptyAddress), ['cargus'], coded, 'en')!;
    expect(withAddress.first).toBe('county');
    expect(withAddress.fields.package_height).toBe(translate('en', 'required'));
  });

  it('the payload: the order as order_id and value, the picker parts with their ids, empty parts left out', () => {
    const payload = awbPayload(
      order(),
      values({ courier: 'cargus', observations: ' ', package_content: 'Cană' }),
      cluj,
    );
    expect(payload).toMatchObject({
      courier: 'cargus',
      name: 'Ana Pop',
      phone_number: '+40744123456',
      county: 'Cluj',
      county_id: 12,
      city: 'Cluj-Napoca',
      city_id: 54984,
      street: 'Strada Zorilor',
      street_id: 6493,
      street_number: '12',
      postal_code: '400335',
      address: 'Strada Zorilor 12',
      order_id: 42,
      value: 116,
      package_width: 30,
      package_height: 10,
      package_length: 40,
      package_weight: 2,
      package_content: 'Cană',
    });
    expect(payload.observations).toBeUndefined();
  });

  it('a server 422 lands on the modal fields and the picker parts', () => {
    expect(
      serverAwbErrors({
        courier: ['x'],
        county_id: ['c'],
        street_number: ['n'],
        postal_code: ['p'],
        package_weight: ['w'],
        name: ['n'],
      }),
    ).toEqual({
      fields: { courier: 'x', package_weight: 'w' },
      address: { county: 'c', street_number: 'n', postal_code: 'p' },
    });
  });
});

describe('AWB to a locker', () => {
  const locker = (extra: Partial<AwbFormValues> = {}) =>
    values({ courier: 'sameday', deliver: 'locker', locker_id: 'EB-CJ-1', ...extra });

  it('starts at the address, with no point chosen', () => {
    expect(awbFormStart(order(), ['sameday'])).toMatchObject({ deliver: 'address', locker_id: null });
  });

  it('sends the point instead of the address: no county, city, street or address line', () => {
    const payload = awbPayload(order(), locker(), cluj);
    expect(payload).toMatchObject({ courier: 'sameday', locker_id: 'EB-CJ-1', cash_on_delivery: true, order_id: 42 });
    for (const part of ['county', 'county_id', 'city', 'city_id', 'street', 'street_id', 'address', 'postal_code'])
      expect(payload).not.toHaveProperty(part);
    expect(awbPayload(order(), locker({ cod: 'none' }), cluj)).toMatchObject({ cash_on_delivery: false, value: 0 });
  });

  it('needs a point, not an address: an empty address passes, a missing point is marked on its field', () => {
    const v = locker();
    expect(checkAwb(v, emptyAddress, awbPayload(order(), v, emptyAddress), ['sameday'], plain, 'en')).toBeNull();
    const none = locker({ locker_id: null });
    const check = checkAwb(none, emptyAddress, awbPayload(order(), none, emptyAddress), ['sameday'], plain, 'ro');
    expect(check?.fields.locker_id).toBe(translate('ro', 'required'));
    expect(check?.address).toEqual({});
  });

  it('DPD has no lockers: a locker choice left from another courier sends the address', () => {
    const v = locker({ courier: 'dpd', address: 'Strada Zorilor 12' });
    const payload = awbPayload(order(), v, cluj);
    expect(payload).not.toHaveProperty('locker_id');
    expect(payload).toMatchObject({ county: 'Cluj', city: 'Cluj-Napoca', address: 'Strada Zorilor 12' });
  });

  it("the server's 422 on the point lands under the point's field", () => {
    expect(serverAwbErrors({ locker_id: ['no cod'] }).fields).toEqual({ locker_id: 'no cod' });
  });
});
