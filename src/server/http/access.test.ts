import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_ID } from '../../core/validation.js';
import { FAULTS } from '../emulators/kit.js';
import { orderReadyForDpd } from '../test/awb.js';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { intakeKeyFor, push, shopOrder } from '../test/intake.js';

// Holds every registered API route, including those added later, to the access rules: no token or
// an unknown one → 401; a company-scoped route without X-Company-ID → 400, with another company →
// 403; (below) another company's row named in the path → 404, as a row that never existed; and
// every emulator route, unreachable from outside. The emulators' fault switches are asked for so
// that the walk of the emulator routes covers them too.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ deps: { emulatorControls: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Sends one request line as written, over a real socket: app.inject would normalise the URL,
 * and the point is what the router does with a percent-encoded path or an absolute-form target.
 * Answers the status and the body (chunked bodies left as sent).
 */
function raw(
  requestLine: string,
  headers: Record<string, string> = {},
  body = '{}',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) resolve({ status: Number(status), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
      else reject(new Error(`no status line for ${requestLine}: ${answer.slice(0, 200)}`));
    });
    const lines = [
      requestLine,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

const rawStatus = async (requestLine: string, headers: Record<string, string> = {}): Promise<number> =>
  (await raw(requestLine, headers)).status;

/** `/api/v1/x` with its first letter percent-encoded: `/%61pi/v1/x`. */
const encoded = (url: string) => url.replace(/^\/api\//, '/%61pi/');

const concrete = (url: string) => url.replace(/:\w+/g, '1');

describe('access rules of every API route', () => {
  it('knows the routes of every module', () => {
    const urls = t.app.apiRoutes.map((r) => r.url);
    for (const expected of [
      '/api/v1/company',
      '/api/v1/product',
      '/api/v1/source',
      '/api/v1/order-discount',
      '/api/v1/product-discount',
      '/api/v1/message',
      '/api/v1/package',
      '/api/v1/package-item',
      '/api/v1/return-request',
      '/api/v1/notifications',
      '/api/v1/changelog',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to a stranger, with no token or a made-up one, on every route but the public ones', async () => {
    const publicRoutes = t.app.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    // Only sign-in, the health and readiness checks, signed image links, the API's description (its
    // OpenAPI document and reference page, which hold no one's data), Vonage's delivery receipts
    // (the company's unguessable token in the path), an invitation link (its unguessable token
    // in the path) and a shop's push of an order (signed with its source's intake key, checked by
    // the route) and a connected shop's webhook (signed with the webhook's secret, checked by the
    // route) and an order's document by its link (an unguessable token in the path, for a shop that
    // downloads it itself) may be reached without a token.
    expect(publicRoutes.sort()).toEqual([
      'GET /api/docs',
      'GET /api/docs/init.js',
      'GET /api/docs/swagger-ui-bundle.js',
      'GET /api/docs/swagger-ui.css',
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/ready',
      'GET /api/v1/product/:id/image',
      'GET /api/v1/public/documents/:file',
      'GET /api/v1/sms/receipts/:company/:token',
      'POST /api/v1/hooks/shopify/:id',
      'POST /api/v1/hooks/woocommerce/:id',
      'POST /api/v1/intake/orders',
      'POST /api/v1/invitation/:token',
      'POST /api/v1/login',
      'POST /api/v1/sms/receipts/:company/:token',
    ]);
    // A well-formed bearer that no session holds is no better than none.
    const forged = `Bearer ${crypto.randomBytes(32).toString('base64url')}`;
    for (const r of t.app.apiRoutes.filter((x) => !x.public)) {
      const none = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { 'x-company-id': '1' },
      });
      expect(none.statusCode, `${r.method} ${r.url} without a token`).toBe(401);
      const bad = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { 'x-company-id': '1', authorization: forged },
      });
      expect(bad.statusCode, `${r.method} ${r.url} with an unknown token`).toBe(401);
    }
  });

  it("scopes every signed-in route to a company but the user's own and the shared ones", () => {
    // Without `company: true` a route runs with no company at all: each exception is named here, so
    // a route that loses its flag (or a new one registered without it) fails this list.
    const unscoped = t.app.apiRoutes.filter((r) => !r.public && !r.company).map((r) => `${r.method} ${r.url}`);
    const expected = [
      // The user's own session.
      'GET /api/v1/me',
      'GET /api/v1/logout',
      'POST /api/v1/me/password',
      // The user's companies, checked by membership in the service (one the user is not in is not found).
      'GET /api/v1/company',
      'POST /api/v1/company',
      'GET /api/v1/company/:id',
      'POST /api/v1/company/:id',
      'DELETE /api/v1/company/:id',
      'GET /api/v1/company/:id/members',
      'POST /api/v1/company/:id/members',
      'DELETE /api/v1/company/:id/members/:userId',
      'GET /api/v1/company/:id/shipping',
      'POST /api/v1/company/:id/shipping',
      // What is the same for everyone: release notes, the providers' catalogue, the address data shipped with the app.
      'GET /api/v1/changelog',
      'GET /api/v1/integrations',
      'GET /api/v1/geo/about',
      'GET /api/v1/geo/counties',
      'GET /api/v1/geo/localities',
      'GET /api/v1/geo/streets',
      'GET /api/v1/geo/postal-code',
    ];
    expect(unscoped.sort()).toEqual(expected.sort());
  });

  it('answers 401 to a stranger however the path is spelled: percent-encoded or absolute-form', async () => {
    const guarded = t.app.apiRoutes.filter((x) => !x.public);
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const url = concrete(r.url);
      expect(
        await rawStatus(`${r.method} ${encoded(url)} HTTP/1.1`, { 'X-Company-ID': '1' }),
        `${r.method} ${encoded(url)}`,
      ).toBe(401);
      expect(
        await rawStatus(`${r.method} http://127.0.0.1:${port}${url} HTTP/1.1`, { 'X-Company-ID': '1' }),
        `${r.method} absolute ${url}`,
      ).toBe(401);
      expect(
        await rawStatus(`${r.method} ${url.replace('/v1/', '/%76%31/')} HTTP/1.1`, { 'X-Company-ID': '1' }),
        `${r.method} ${url} with /v1/ encoded`,
      ).toBe(401);
    }
  });

  it('a route nobody declared is not reachable without a token either', async () => {
    expect(await rawStatus('GET /api/v1/no-such-thing HTTP/1.1')).toBe(401);
    expect(await rawStatus('POST /%61pi/v1/no-such-thing HTTP/1.1')).toBe(401);
  });

  it('answers 400 without X-Company-ID and 403 for a company of someone else on every company-scoped route', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const scoped = t.app.apiRoutes.filter((r) => r.company);
    expect(scoped.length).toBeGreaterThan(20);
    for (const r of scoped) {
      const missing = await me.call(r.method, concrete(r.url), { company: null });
      expect(missing.statusCode, `${r.method} ${r.url} without header`).toBe(400);
      const foreign = await me.call(r.method, concrete(r.url), { company: other.companyId });
      expect(foreign.statusCode, `${r.method} ${r.url} in another company`).toBe(403);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Another company's ids in the path
//
// A member of company A who puts the id of company B's row in a path, sending A's own
// X-Company-ID (which passes the header check), must get the answer a row that never existed
// gets: 404, never B's data, never a 2xx, and never a 403, 409 or 422 that would tell B's row
// apart from no row. The routes are walked from the app's route table, so a new route with an
// id in its path is held to this as soon as it is registered: the test fails until the kind of
// row its id names has a fixture below (or the route is listed under NOT_A_ROW with the reason).

type Rows = Record<string, number>;
type Fixture = (u: TestUser, rows: Rows, tag: string) => Promise<number>;

/** The id of what a create answered (201 `{data: {id}}`), or a failure naming the call. */
function createdId(res: LightMyRequestResponse, what: string): number {
  expect(res.statusCode, `creating ${what}: ${res.body}`).toBe(201);
  return res.json().data.id as number;
}

const orderOf = async (u: TestUser, id: number) => (await u.call('GET', `/api/v1/order/${id}`)).json().data;

/**
 * One real row of each kind a path id can name, made in the user's company as that user,
 * through the API (the way the app makes them). The key is the path's name for the row: the
 * segment before `:id` (`/api/v1/order-product/:id` → `order-product`), or the parameter's own
 * name without `Id` (`:orderId` → `order`). Entries run in this order, so a row may use those
 * made before it (`rows`). `tag` tells the two companies' rows apart where a value must be unique
 * across companies (customers are people found by phone number, shared by every company).
 */
const FIXTURES: Record<string, Fixture> = {
  source: async (u, _rows, tag) =>
    createdId(
      await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: `Shop ${tag}` } }),
      'a source',
    ),
  product: async (u, _rows, tag) =>
    createdId(
      await u.call('POST', '/api/v1/product', {
        body: {
          company_id: u.companyId,
          sku: `SKU-${tag}`,
          name: `Product ${tag}`,
          sale_type: 'Bucata',
          stock: 10,
          selling_price: 19.99,
          buying_price: 1,
          currency: 'RON',
        },
      }),
      'a product',
    ),
  coupon: async (u) =>
    createdId(
      await u.call('POST', '/api/v1/coupon', { body: { code: 'ACCES', type: 'amount', value: 1 } }),
      'a coupon',
    ),
  // A push held in the inbox (its SKU unknown), signed with the source's intake key.
  intake: async (u, rows, tag) => {
    const key = await intakeKeyFor(u, rows.source);
    const res = await push(t.app, key, shopOrder(`ACCES-${tag}`, { lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] }));
    expect(res.statusCode, res.body).toBe(202);
    return res.json().data.intake_id;
  },
  'order-discount': async (u, rows) =>
    createdId(
      await u.call('POST', '/api/v1/order-discount', {
        body: { company_id: u.companyId, source_id: rows.source, type: 'amount', order_value: 500, value: 3.33 },
      }),
      'an order discount',
    ),
  'product-discount': async (u, rows) =>
    createdId(
      await u.call('POST', '/api/v1/product-discount', {
        body: { product_id: rows.product, type: 'percentage', quantity: 50, value: 12.5 },
      }),
      'a product discount',
    ),
  message: async (u, rows) =>
    createdId(
      await u.call('POST', '/api/v1/message', {
        body: {
          company_id: u.companyId,
          source_id: rows.source,
          from: 'CasaVerde',
          text: 'Comanda {order_id} a fost expediata.',
        },
      }),
      'an SMS template',
    ),
  // Notifications are written by the system, never through the API: one straight into the table.
  notifications: async (u, _rows, tag) =>
    (
      await t.db.kysely
        .insertInto('notifications')
        .values({ company_id: u.companyId, title: `Notice ${tag}`, description: 'd', type: 'notice', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  package: async (u) =>
    createdId(
      await u.call('POST', '/api/v1/package', {
        body: { name: 'Cutie mică', length: 30, width: 20, height: 10, weight: 1.2, is_active: true },
      }),
      'a package',
    ),
  'return-request': async (u, _rows, tag) =>
    createdId(
      await u.call('POST', '/api/v1/return-request', {
        body: {
          full_name: 'Ioana Marinescu',
          phone_number: '0722 123 456',
          iban: 'RO49AAAA1B31007593840000',
          reason: 'Mărime greșită',
          source: `Shop ${tag}`,
        },
      }),
      'a return request',
    ),
  order: async (u, rows, tag) =>
    createdId(
      await u.call('POST', '/api/v1/order', {
        body: {
          name: `Client ${tag}`,
          phone_number: tag === 'A' ? '0744 100 001' : '0744 100 002',
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Strada Memorandumului',
          number: '28',
          source: rows.source,
          products: { [`SKU-${tag}`]: 1 },
        },
      }),
      'an order',
    ),
  'order-product': async (u, rows) => (await orderOf(u, rows.order)).order_products[0].id,
  'order-bulk': async (u, rows) => {
    const res = await u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'picking_list', selection: { ids: [rows.order] } },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().data.id;
  },
  'applied-discount': async (u, rows) => {
    const res = await u.call('POST', `/api/v1/applied-discount/${rows.order}/add`, {
      body: { type: 'amount', value: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return Math.max(...res.json().data.applied_discounts.map((d: { id: number }) => d.id));
  },
  // No call creates a customer: an order does, from its phone number.
  customer: async (u, rows) => (await orderOf(u, rows.order)).customer_detail.customer_id,
  'company-integration': async (u) => {
    const catalogue = (await u.call('GET', '/api/v1/integrations')).json().data as {
      key: string;
      demo_credentials: Record<string, string> | null;
    }[];
    const demo = catalogue.find((i) => i.key === 'telegram')?.demo_credentials;
    const res = await u.call('POST', `/api/v1/telegram/company/${u.companyId}/login`, { body: demo });
    expect(res.statusCode, `logging in to the Telegram emulator: ${res.body}`).toBe(200);
    return res.json().data.id;
  },
};

/**
 * Paths whose id is not a row of the company in X-Company-ID, each with the reason and its answer
 * to user A naming company B (or B's row). Every other route with a path id needs a fixture.
 */
const NOT_A_ROW: { routes: RegExp; param: string; reason: string; answers: number }[] = [
  {
    routes: /^\/api\/v1\/company\/:id$/,
    param: 'company',
    reason: 'the company itself, outside any company scope: one the user is not in is not found',
    answers: 404,
  },
  {
    routes: /^\/api\/v1\/company\/:id\/members(\/:userId)?$/,
    param: 'company',
    reason:
      "the company's colleagues, outside any company scope like the company itself: one the user is not in is not found",
    answers: 404,
  },
  {
    routes: /^\/api\/v1\/company\/:id\/shipping$/,
    param: 'company',
    reason:
      "the company's shipping settings, outside any company scope like the company itself: one the user is not in is not found",
    answers: 404,
  },
  {
    routes: /^\/api\/v1\/hooks\/(woocommerce|shopify)\/:id$/,
    param: 'source',
    reason:
      "public: a shop's webhook names its source, and only the webhook's signature (the source's secret) lets it in: any other is 401, nothing stored",
    answers: 401,
  },
  {
    routes: /^\/api\/v1\/public\/documents\/:file$/,
    param: 'file',
    reason: 'public: the link’s random token (`<token>.pdf`) is the permission; any other is not found',
    answers: 404,
  },
  {
    routes: /^\/api\/v1\/invitation\/:token$/,
    param: 'company',
    reason: 'public: the link’s random token is the permission; any other token is not found',
    answers: 404,
  },
  {
    routes: /^\/api\/v1\/[a-z]+\/company\/:companyId\/[a-z-]+$/,
    param: 'company',
    reason:
      'an integration wizard step names the company in its path and in X-Company-ID: they must agree, else 403 (the path can never reach another company)',
    answers: 403,
  },
  {
    routes: /^\/api\/v1\/sms\/receipts\/:company\/:token$/,
    param: 'company',
    reason:
      "public: Vonage posts receipts with the company's random token as the permission; any other token changes nothing and answers 204 without detail",
    answers: 204,
  },
  {
    routes: /^\/api\/v1\/product\/:id\/image$/,
    param: 'product',
    reason: 'public: the signed link is the permission, and without a valid signature nothing is read',
    answers: 403,
  },
];

/**
 * A valid form for the routes whose form has required fields: besides `{}`, another company's row
 * must answer 404 with a form that passes too (the row is looked up before the form is read, so
 * `{}` is a 404 as well, never a 422 that a form check would give).
 */
const VALID_FORMS: Record<string, unknown> = {
  'POST /api/v1/order/:id': { observations: 'Sunați înainte.' },
  'POST /api/v1/order-product/:id': { quantity: 5 },
  'POST /api/v1/applied-discount/:orderId/add': { type: 'amount', value: 1 },
  'POST /api/v1/applied-discount/:id': { value: 2 },
  'POST /api/v1/customer-detail/:orderId': { name: 'Ion Popescu' },
  'POST /api/v1/customer/:id': { phone_number: '0755 000 111' },
  'POST /api/v1/customer/:id/flag': { reason: 'Refuză coletele.' },
  'POST /api/v1/order/:id/awb': {
    courier: 'cargus',
    name: 'Ion Popescu',
    phone_number: '0744 123 456',
    package_width: 10,
    package_height: 10,
    package_length: 10,
    package_weight: 1,
  },
  'POST /api/v1/order/:id/awb/resolve': { awb: '1ONB24000001' },
  'POST /api/v1/order/:id/sms': { text: 'Comanda a plecat.' },
};

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The kind of row a path parameter names (see FIXTURES). */
function kindOf(url: string, param: string): string {
  if (param !== 'id') return param.replace(/Id$/, '');
  return /\/([a-z-]+)\/:id(?:\/|$)/.exec(url)![1];
}

const fill = (url: string, values: Record<string, number>) =>
  url.replace(/:(\w+)/g, (_m, p: string) => String(values[p]));
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

describe("another company's ids in the path", () => {
  let a: TestUser;
  let b: TestUser;
  let rowsA: Rows;
  let rowsB: Rows;
  const withParams = () => t.app.apiRoutes.filter((r) => r.url.includes('/:'));
  const notARow = (url: string) => NOT_A_ROW.find((n) => n.routes.test(url));

  beforeAll(async () => {
    a = await t.signUp();
    b = await t.signUp();
    rowsA = {};
    rowsB = {};
    for (const [kind, make] of Object.entries(FIXTURES)) {
      rowsA[kind] = await make(a, rowsA, 'A');
      rowsB[kind] = await make(b, rowsB, 'B');
    }
  });

  it('has a row of company B for every kind of id a route takes in its path', () => {
    const uncovered: string[] = [];
    for (const r of withParams()) {
      if (notARow(r.url)) continue;
      if (!r.company)
        uncovered.push(`${r.method} ${r.url}: not company-scoped; list it in NOT_A_ROW with the reason and its answer`);
      for (const p of paramsOf(r.url)) {
        const kind = kindOf(r.url, p);
        if (!FIXTURES[kind])
          uncovered.push(
            `${r.method} ${r.url}: no fixture for "${kind}" (:${p}); add one making a ${kind} to FIXTURES in src/server/http/access.test.ts, or list the route in NOT_A_ROW if its id is not a company's row`,
          );
      }
    }
    expect(uncovered, 'routes with an id in the path that this test cannot check yet').toEqual([]);
    for (const key of Object.keys(VALID_FORMS))
      expect(
        t.app.apiRoutes.map((r) => `${r.method} ${r.url}`),
        'VALID_FORMS names a route that exists',
      ).toContain(key);
  });

  it('answers 404 to A for every row of B named in a path, as for a row that never existed', async () => {
    // A route without a fixture is reported by the test above.
    const routes = withParams()
      .filter((r) => r.company && !notARow(r.url) && paramsOf(r.url).every((p) => FIXTURES[kindOf(r.url, p)]))
      .sort((x, y) => METHOD_ORDER.indexOf(x.method) - METHOD_ORDER.indexOf(y.method));
    expect(routes.length).toBeGreaterThan(30);
    const before = await snapshotOfB();
    const problems: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      for (const p of paramsOf(r.url)) {
        const kind = kindOf(r.url, p);
        // The other parameters name A's own rows: only this one is B's.
        const own = Object.fromEntries(paramsOf(r.url).map((q) => [q, rowsA[kindOf(r.url, q)]]));
        const theirs = fill(r.url, { ...own, [p]: rowsB[kind] });
        const missing = fill(r.url, { ...own, [p]: MAX_ID });
        const bodies: unknown[] = hasBody(r.method)
          ? [{}, ...(Object.hasOwn(VALID_FORMS, key) ? [VALID_FORMS[key]] : [])]
          : [undefined];
        for (const body of bodies) {
          const what = `${r.method} ${theirs} (B's ${kind} as :${p})${body === undefined ? '' : ` with ${JSON.stringify(body)}`}`;
          const res = await a.call(r.method, theirs, { body });
          const none = await a.call(r.method, missing, { body });
          const expected = 404;
          if (res.statusCode !== expected)
            problems.push(`${what} answered ${res.statusCode}, not ${expected}: ${res.body.slice(0, 300)}`);
          // Same status and same message as no row at all: nothing tells B's row apart.
          else if (res.statusCode !== none.statusCode || res.body !== none.body)
            problems.push(`${what} answered ${res.body}, a missing row ${none.statusCode} ${none.body}`);
        }
        checked++;
      }
    }
    expect(problems, "routes that answer A's call on B's row otherwise than a missing row's 404").toEqual([]);
    // Nothing of B's changed under A's calls (a delete or an update that slipped through would show here too).
    expect(await snapshotOfB()).toEqual(before);
    expect(checked).toBeGreaterThan(30);
  });

  it('answers the routes whose id is not a company row as the rules above say', async () => {
    const listed = withParams().filter((r) => notARow(r.url));
    expect(listed.length).toBeGreaterThan(10);
    for (const r of listed) {
      const rule = notARow(r.url)!;
      const value = rule.param === 'company' ? b.companyId : rowsB[rule.param];
      const url = fill(r.url, Object.fromEntries(paramsOf(r.url).map((p) => [p, value])));
      const body = hasBody(r.method) ? {} : undefined;
      const res = await a.call(r.method, url, { body });
      expect(res.statusCode, `${r.method} ${url} (${rule.reason}): ${res.body}`).toBe(rule.answers);
      // Nor does the answer tell B's company or row from one that never existed.
      const none = await a.call(r.method, fill(r.url, Object.fromEntries(paramsOf(r.url).map((p) => [p, MAX_ID]))), {
        body,
      });
      expect(res.body, `${r.method} ${url} against a missing one`).toBe(none.body);
    }
  });

  /** What B reads of each row: its detail route, else its list (a company's integrations). */
  async function snapshotOfB(): Promise<Record<string, unknown>> {
    const urls = new Set(t.app.apiRoutes.filter((r) => r.method === 'GET').map((r) => r.url));
    const out: Record<string, unknown> = {};
    for (const kind of Object.keys(FIXTURES)) {
      const url = urls.has(`/api/v1/${kind}/:id`)
        ? `/api/v1/${kind}/${rowsB[kind]}`
        : urls.has(`/api/v1/${kind}`)
          ? `/api/v1/${kind}`
          : null;
      if (!url) continue; // an order's lines and discounts are part of the order's detail
      const res = await b.call('GET', url);
      expect(res.statusCode, `B reads ${url}`).toBe(200);
      out[url] = res.json();
    }
    return out;
  }
});

// ---------------------------------------------------------------------------------------------
// The emulators, from outside
//
// In emulated mode the emulators hold every company's AWBs, labels and invoices under accounts
// shared by all companies (the demo ones), and their fault switches change what every company
// sees: only the server itself may call them. Every route of the emulators' host (the fault
// switches included) is sent to the app's real socket with the demo account in every form a
// provider takes it, as written, percent-encoded and in absolute form: each answers what a path
// that never existed answers (404), and nothing changes at any emulator. The server's own
// clients still reach them.

describe('the emulators, from outside', () => {
  const demoHeaders = {
    // Cargus reads a subscription key, SmartBill a Basic login; DPD, Sameday and Vonage the body or the query.
    'Ocp-Apim-Subscription-Key': 'demo',
    Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
  };
  const demoBody = JSON.stringify({
    userName: 'demo',
    username: 'demo',
    password: 'demo',
    api_key: 'demo',
    api_secret: 'demo',
    fault: 'server_error',
  });
  const demoQuery = '?api_key=demo&api_secret=demo&username=demo&password=demo&chat_id=100200300';
  const PARAMS: Record<string, string> = { token: '123456:demo', method: 'getMe', format: 'pdf' };
  const concreteEmulator = (url: string) => url.replace(/:(\w+)/g, (_m, p: string) => PARAMS[p] ?? '1');
  const BODYLESS = ['GET', 'HEAD', 'TRACE'];

  const emulatorState = async () => ({
    records: await t.db.kysely.selectFrom('emulator_records').selectAll().orderBy('id').execute(),
    faultsOn: Object.values(t.app.emulators!).flatMap((e) =>
      FAULTS.filter((f) => e.faults.isOn(f)).map((f) => `${e.name}: ${f}`),
    ),
  });

  it('answers every emulator route, however it is spelled, as a path that does not exist', async () => {
    const routes = t.app.emulatorHost!.routes;
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.some((r) => r.url.endsWith('/__emulator/reset'))).toBe(true);
    // The shops' emulators too (WooCommerce, Shopify, eMAG): reachable by the server's own clients only.
    for (const provider of [
      'cargus',
      'sameday',
      'dpd',
      'smartbill',
      'vonage',
      'telegram',
      'woocommerce',
      'shopify',
      'emag',
    ])
      expect(routes.some((r) => r.url.startsWith(`/emulators/${provider}/`))).toBe(true);
    const before = await emulatorState();
    const problems: string[] = [];
    const nowhere = new Map<string, { status: number; body: string }>();
    for (const r of routes) {
      const body = BODYLESS.includes(r.method) ? '' : demoBody;
      if (!nowhere.has(r.method))
        nowhere.set(r.method, await raw(`${r.method} /emulators/no-such-provider/x HTTP/1.1`, demoHeaders, body));
      const expected = nowhere.get(r.method)!;
      const path = concreteEmulator(r.url) + demoQuery;
      for (const target of [path, path.replace(/^\/emulators\//, '/%65mulators/'), `http://127.0.0.1:${port}${path}`]) {
        const res = await raw(`${r.method} ${target} HTTP/1.1`, demoHeaders, body);
        if (res.status !== 404 || res.body !== expected.body)
          problems.push(`${r.method} ${target} answered ${res.status} ${res.body.slice(0, 200)}`);
      }
    }
    expect(problems, 'emulator routes that answered a request from outside').toEqual([]);
    expect(nowhere.get('POST')).toEqual({ status: 404, body: JSON.stringify({ message: 'Not found.' }) });
    expect(await emulatorState()).toEqual(before);
  });

  it("the server's own clients still reach them: an AWB made through the console's API", async () => {
    const u = await t.signUp();
    const { orderId, awbBody } = await orderReadyForDpd(u);
    const res = await u.call('POST', `/api/v1/order/${orderId}/awb`, { body: awbBody });
    expect(res.statusCode, res.body).toBe(201);
    const atDpd = await t.app.emulators!.dpd.store.list<{ number: string; reference: string | null }>('shipments');
    expect(atDpd.filter((s) => s.reference?.startsWith(`${orderId}-`)).map((s) => s.number)).toEqual([
      res.json().data.awb,
    ]);
  });
});
