import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { canonicalId } from './params.js';

/**
 * Ids in paths and in X-Company-ID are canonical decimal 32-bit numbers: `Number()` read `0x10`,
 * `1e1` and ` 7 ` as ids (DELETE /company/0x10 deleted company 16), and a header of 2^31 reached
 * PostgreSQL's integer column (500).
 */
let t: TestApp;
let me: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.signUp();
});
afterAll(() => t.close());

/** The other ways of writing the id `id` that Number() accepted. */
const otherForms = (id: number) => [`0x${id.toString(16)}`, `${id}e0`, `%20${id}%20`, `+${id}`, `0${id}`, `${id}.0`];

describe('canonicalId', () => {
  it('reads only 1 to 2147483647 written in plain decimal', () => {
    expect(canonicalId('7')).toBe(7);
    expect(canonicalId('2147483647')).toBe(2147483647);
    for (const text of ['0x10', '1e1', ' 7 ', '+7', '07', '7.0', '0', '-1', '', '2147483648', '99999999999', 'x'])
      expect(canonicalId(text), text).toBeNull();
    expect(canonicalId(7)).toBeNull();
    expect(canonicalId(undefined)).toBeNull();
  });
});

describe('an id in a path', () => {
  it('DELETE /api/v1/company/:id deletes only by the canonical id: every other form answers 422', async () => {
    const created = await me.call('POST', '/api/v1/company', {
      body: { name: 'Firma de șters SRL', vat_number: 'RO18547290', administrator_name: 'Ana Pop' },
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().data.id;
    for (const form of [...otherForms(id), '1e1', '0x10', '2147483648']) {
      const res = await me.call('DELETE', `/api/v1/company/${form}`);
      expect(res.statusCode, form).toBe(422);
      expect(Object.keys(res.json().errors), form).toEqual(['id']);
    }
    expect((await me.call('GET', `/api/v1/company/${id}`)).statusCode).toBe(200);
    expect((await me.call('DELETE', `/api/v1/company/${id}`)).statusCode).toBe(200);
    expect((await me.call('GET', `/api/v1/company/${id}`)).statusCode).toBe(404);
  });

  it('the same on a scoped resource, an order and an order line (two ids in one path)', async () => {
    const src = await me.call('POST', '/api/v1/source', { body: { company_id: me.companyId, source: 'Magazin' } });
    expect(src.statusCode, src.body).toBe(201);
    const sourceId: number = src.json().data.id;
    const prod = await me.call('POST', '/api/v1/product', {
      body: {
        name: 'Cană',
        sku: 'C-1',
        sale_type: 'Bucata',
        stock: 5,
        selling_price: 20,
        buying_price: 5,
        currency: 'RON',
      },
    });
    const productId: number = prod.json().data.id;
    const order = await me.call('POST', '/api/v1/order', {
      body: {
        name: 'Ion Popescu',
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: sourceId,
        products: { 'C-1': 1 },
      },
    });
    expect([src.statusCode, prod.statusCode, order.statusCode], order.body + prod.body).toEqual([201, 201, 201]);
    const orderId: number = order.json().data.id;

    for (const form of otherForms(sourceId))
      expect((await me.call('GET', `/api/v1/source/${form}`)).statusCode, `source ${form}`).toBe(422);
    expect((await me.call('GET', `/api/v1/source/${sourceId}`)).statusCode).toBe(200);

    for (const form of otherForms(orderId)) {
      expect((await me.call('GET', `/api/v1/order/${form}`)).statusCode, `order ${form}`).toBe(422);
      const detail = await me.call('POST', `/api/v1/customer-detail/${form}`, { body: { name: 'Ana' } });
      expect(detail.statusCode, `customer-detail ${form}`).toBe(422);
      expect(Object.keys(detail.json().errors)).toEqual(['orderId']);
      const line = await me.call('POST', `/api/v1/order/${form}/product/${productId}`, { body: { quantity: 1 } });
      expect(Object.keys(line.json().errors), `line of order ${form}`).toEqual(['orderId']);
    }
    for (const form of otherForms(productId)) {
      const line = await me.call('POST', `/api/v1/order/${orderId}/product/${form}`, { body: { quantity: 1 } });
      expect(line.statusCode, `line of product ${form}`).toBe(422);
      expect(Object.keys(line.json().errors)).toEqual(['productId']);
    }
    // Nothing was added by the refused lines.
    const after = await me.call('GET', `/api/v1/order/${orderId}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.order_products).toHaveLength(1);
  });

  it("a wizard's company in the path must be the header's, written canonically (403 otherwise)", async () => {
    for (const form of otherForms(me.companyId)) {
      const res = await me.call('GET', `/api/v1/cargus/company/${form}/pickup-points`);
      expect(res.statusCode, form).toBe(403);
    }
  });
});

describe('X-Company-ID', () => {
  it('answers 400 with the message of a missing header to an id beyond 32 bits or written another way', async () => {
    const missing = await me.call('GET', '/api/v1/source', { company: null });
    expect(missing.statusCode).toBe(400);
    for (const header of [
      '2147483648',
      '99999999999999999999',
      `0x${me.companyId.toString(16)}`,
      `${me.companyId}e0`,
      `+${me.companyId}`,
      `0${me.companyId}`,
      `${me.companyId}.0`,
      '0',
      '-1',
    ]) {
      const res = await me.call('GET', '/api/v1/source', { company: null, headers: { 'x-company-id': header } });
      expect(res.statusCode, header).toBe(400);
      expect(res.json().message, header).toBe(missing.json().message);
    }
    const ro = await me.call('GET', '/api/v1/source', {
      company: null,
      headers: { 'x-company-id': '2147483648', 'accept-language': 'ro' },
    });
    expect(ro.json().message).toMatch(/^Selectați mai întâi o companie/);
    expect((await me.call('GET', '/api/v1/source')).statusCode).toBe(200);
  });
});
