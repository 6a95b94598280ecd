import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { emptyAddress as EMPTY_ADDRESS } from '../../../components/address';
import { createdId, missingFields, newOrderPayload, placeServerErrors, type NewOrderValues } from './newOrder';
import type { DraftLine } from './newOrderLines';

const line = (id: number, sku: string, quantity = 1): DraftLine => ({
  product_id: id,
  sku,
  name: `P${id}`,
  price: 10,
  currency: 'RON',
  quantity,
});
const filled: NewOrderValues = {
  name: ' Ana Pop ',
  phone_number: '0744 123 456',
  email: '',
  block: '',
  staircase: '',
  apartment: '',
  address: {
    county: 'Cluj',
    county_id: 12,
    city: 'Cluj-Napoca',
    city_id: 54975,
    street: 'Strada Zorilor',
    street_id: 9,
    street_number: '12A',
    postal_code: '400335',
  },
  source: '7',
  payment_method: 'card',
  details: '',
  lines: [line(1, 'TR-M', 2), line(4, 'CN')],
};
const texts = { required: 'Required', atLeastOneProduct: 'Add at least one product', invalidEmail: 'Bad email' };

describe('new order', () => {
  it('builds the spec payload: the address parts, the source id and products as SKU → quantity', () => {
    expect(newOrderPayload(filled)).toEqual({
      name: 'Ana Pop',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12A',
      county_id: 12,
      city_id: 54975,
      street_id: 9,
      zip_code: '400335',
      source: 7,
      payment_method: 'card',
      details: '',
      products: { 'TR-M': 2, CN: 1 },
    });
    expect(
      newOrderPayload({
        ...filled,
        address: { ...EMPTY_ADDRESS, county: 'Cluj', city: 'X', street: 'Y', street_number: '1' },
      }),
    ).not.toHaveProperty('county_id');
  });

  it('sends an email and a flat’s block, staircase and apartment only when typed; an email must look like one', () => {
    const flat = { ...filled, email: ' ana@pop.ro ', block: ' A1 ', staircase: '', apartment: '14' };
    expect(newOrderPayload(flat)).toMatchObject({ email: 'ana@pop.ro', block: 'A1', apartment: '14' });
    expect(newOrderPayload(flat)).not.toHaveProperty('staircase');
    expect(newOrderPayload(filled)).not.toHaveProperty('email');
    expect(missingFields({ ...filled, email: 'ana.pop' }, texts)).toEqual({ email: 'Bad email' });
  });

  it('requires name, phone, county, city, street, number, source and a product', () => {
    expect(missingFields(filled, texts)).toEqual({});
    const empty: NewOrderValues = {
      name: ' ',
      phone_number: '',
      email: '',
      block: '',
      staircase: '',
      apartment: '',
      address: EMPTY_ADDRESS,
      source: null,
      payment_method: 'cash_on_delivery',
      details: '',
      lines: [],
    };
    expect(missingFields(empty, texts)).toEqual({
      name: 'Required',
      phone_number: 'Required',
      county: 'Required',
      city: 'Required',
      street: 'Required',
      number: 'Required',
      source: 'Required',
      products: 'Add at least one product',
    });
  });

  it('puts the server field errors beside the fields and the lines', () => {
    const e = new ApiError(422, 'The given data was invalid.', {
      phone_number: ['Not a valid phone number.'],
      county: ['Required'],
      'products.TR-M': ['At least 1.'],
      'products.1': ['Unknown product.'],
      'products.GONE': ['Unknown SKU.'],
      products: ['Add at least one product.'],
      source: ['Choose one of your sources.'],
    });
    expect(placeServerErrors(e, filled.lines)).toEqual({
      phone_number: 'Not a valid phone number.',
      county: 'Required',
      'line.1': 'At least 1.',
      'line.4': 'Unknown product.',
      products: 'GONE: Unknown SKU. Add at least one product.',
      source: 'Choose one of your sources.',
    });
    expect(placeServerErrors(new Error('x'), [])).toEqual({});
  });

  it('reads the created id from the order or {data}', () => {
    expect(createdId({ id: 12 })).toBe(12);
    expect(createdId({ data: { id: 13 } })).toBe(13);
    expect(createdId(undefined)).toBeNull();
    expect(createdId({ id: 'x' })).toBeNull();
  });
});
