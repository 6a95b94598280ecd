import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../lib/png.js';
import { multipart, startTestApp, type TestApp, type TestUser } from '../test/harness.js';

/**
 * API answers carry session tokens and people's names, phones and addresses: no cache may keep
 * them (`Cache-Control: no-store`), unless the route chose its own caching (signed image links).
 */
let t: TestApp;
let me: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.signUp({ email: 'cache@example.ro', password: 'parola-123' });
});
afterAll(() => t.close());

describe('Cache-Control of API answers', () => {
  it('no-store on the sign-in (a token), /me, an order and its customer', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'cache@example.ro', password: 'parola-123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const profile = await me.call('GET', '/api/v1/me');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');

    const src = await me.call('POST', '/api/v1/source', { body: { company_id: me.companyId, source: 'Magazin' } });
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
    const created = await me.call('POST', '/api/v1/order', {
      body: {
        name: 'Ioana Ștefănescu',
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        street: 'Strada Memorandumului',
        number: '28',
        source: src.json().data.id,
        products: { 'C-1': 1 },
      },
    });
    expect([src.statusCode, prod.statusCode, created.statusCode]).toEqual([201, 201, 201]);
    expect(created.headers['cache-control']).toBe('no-store');
    const order = await me.call('GET', `/api/v1/order/${created.json().data.id}`);
    expect(order.statusCode).toBe(200);
    expect(order.headers['cache-control']).toBe('no-store');

    const customer = await me.call('GET', `/api/v1/customer/${order.json().data.customer_detail.customer_id}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.body).toContain('Ioana');
    expect(customer.headers['cache-control']).toBe('no-store');
    // A list compressed on the way out keeps it too.
    const list = await me.call('GET', '/api/v1/customer', { headers: { 'accept-encoding': 'br' } });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('no-store on refusals too (401, 404, 422)', async () => {
    const stranger = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['cache-control']).toBe('no-store');
    const missing = await me.call('GET', '/api/v1/order/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const invalid = await me.call('GET', '/api/v1/order/x');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own caching (a signed image link) and leaves the health check alone", async () => {
    const body = multipart(
      {
        name: 'Farfurie',
        sku: 'F-1',
        sale_type: 'Bucata',
        stock: 1,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
      },
      [{ name: 'image', filename: 'f.png', type: 'image/png', data: solidPng(4, 4, [200, 10, 10]) }],
    );
    const prod = await me.call('POST', '/api/v1/product', { body: body.payload, headers: body.headers });
    expect(prod.statusCode, prod.body).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: prod.json().data.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control']).toBeUndefined();
  });
});
