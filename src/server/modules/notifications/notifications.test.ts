import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { notificationColumns } from '../../../core/notifications.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it("lists the company's notifications newest first with per-user unread state", async () => {
    const a = await t.signUp();
    const colleague = await t.signUp({ companies: [a.companyId] });
    const outsider = await t.signUp();
    await t.db.kysely
      .insertInto('notifications')
      .values([
        { company_id: a.companyId, title: 'Vechi', description: 'd', type: 'notice', created_at: 100 },
        { company_id: a.companyId, title: 'Nou', description: 'd', type: 'warning', created_at: 200 },
        { company_id: outsider.companyId, title: 'Altă firmă', description: 'd', type: 'error', created_at: 300 },
      ])
      .execute();
    const list = (await a.call('GET', '/api/v1/notifications')).json();
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['Nou', 'Vechi']);
    expect(list.meta.unread).toBe(2);
    expect(list.data.every((n: { read: boolean }) => !n.read)).toBe(true);

    expect((await a.call('POST', '/api/v1/notifications/read')).statusCode).toBe(200);
    const after = (await a.call('GET', '/api/v1/notifications')).json();
    expect(after.meta.unread).toBe(0);
    expect(after.data.every((n: { read: boolean }) => n.read)).toBe(true);
    // Reading is per user: a colleague still sees them unread; marking twice is harmless.
    expect((await colleague.call('GET', '/api/v1/notifications')).json().meta.unread).toBe(2);
    expect((await a.call('POST', '/api/v1/notifications/read')).statusCode).toBe(200);
  });
});

describe('reading one and clearing', () => {
  /** A company of `a` with a colleague and an outsider, and three notifications (ids newest last). */
  async function seeded() {
    const a = await t.signUp();
    const colleague = await t.signUp({ companies: [a.companyId] });
    const outsider = await t.signUp();
    const ids: number[] = [];
    for (const [title, at] of [
      ['Unu', 100],
      ['Doi', 200],
      ['Trei', 300],
    ] as const) {
      const row = await t.db.kysely
        .insertInto('notifications')
        .values({ company_id: a.companyId, title, description: 'd', type: 'notice', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const theirs = await t.db.kysely
      .insertInto('notifications')
      .values({ company_id: outsider.companyId, title: 'Străin', description: 'd', type: 'notice', created_at: 50 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { a, colleague, outsider, ids, theirs: theirs.id };
  }
  const titles = (answer: { data: { title: string; read: boolean }[] }) =>
    answer.data.map((n) => `${n.title}${n.read ? ' (read)' : ''}`);

  it('needs a signed-in user (401)', async () => {
    for (const url of ['/api/v1/notifications/1/read', '/api/v1/notifications/clear']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'x-company-id': '1' }, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('reads one notification as it is opened, leaving the others unread (the bell reads none by itself)', async () => {
    const { a, colleague, ids } = await seeded();
    const res = await a.call('POST', `/api/v1/notifications/${ids[1]}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ unread: 2 });
    const list = (await a.call('GET', '/api/v1/notifications')).json();
    expect(titles(list)).toEqual(['Trei', 'Doi (read)', 'Unu']);
    expect(list.meta.unread).toBe(2);
    // Twice is harmless; a colleague's stay unread.
    expect((await a.call('POST', `/api/v1/notifications/${ids[1]}/read`)).json().data).toEqual({ unread: 2 });
    expect((await colleague.call('GET', '/api/v1/notifications')).json().meta.unread).toBe(3);
  });

  it("answers 404 for another company's notification or none, 422 for an id that is no id", async () => {
    const { a, theirs } = await seeded();
    expect((await a.call('POST', `/api/v1/notifications/${theirs}/read`)).statusCode).toBe(404);
    expect((await a.call('POST', '/api/v1/notifications/999999/read')).statusCode).toBe(404);
    const bad = await a.call('POST', '/api/v1/notifications/abc/read');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
    // The other company's notification was not read for anyone.
    expect(
      await t.db.kysely.selectFrom('notification_reads').selectAll().where('notification_id', '=', theirs).execute(),
    ).toEqual([]);
  });

  it("clears the read ones, then all, off this user's list only", async () => {
    const { a, colleague, outsider, ids } = await seeded();
    await a.call('POST', `/api/v1/notifications/${ids[0]}/read`);
    const read = await a.call('POST', '/api/v1/notifications/clear', { body: { scope: 'read' } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ cleared: 1, unread: 2 });
    let list = (await a.call('GET', '/api/v1/notifications')).json();
    expect(titles(list)).toEqual(['Trei', 'Doi']);
    expect(list.meta).toMatchObject({ total: 2, unread: 2 });

    const all = await a.call('POST', '/api/v1/notifications/clear', { body: { scope: 'all' } });
    expect(all.json().data).toEqual({ cleared: 2, unread: 0 });
    list = (await a.call('GET', '/api/v1/notifications')).json();
    expect(list.data).toEqual([]);
    expect(list.meta).toMatchObject({ total: 0, unread: 0 });
    // Nothing left to clear; a new notification shows.
    expect((await a.call('POST', '/api/v1/notifications/clear', { body: { scope: 'all' } })).json().data).toEqual({
      cleared: 0,
      unread: 0,
    });
    await t.db.kysely
      .insertInto('notifications')
      .values({ company_id: a.companyId, title: 'Patru', description: 'd', type: 'notice', created_at: 400 })
      .execute();
    expect(titles((await a.call('GET', '/api/v1/notifications')).json())).toEqual(['Patru']);
    // The colleague and the other company keep every one of theirs.
    expect(titles((await colleague.call('GET', '/api/v1/notifications')).json())).toEqual([
      'Patru',
      'Trei',
      'Doi',
      'Unu',
    ]);
    expect(titles((await outsider.call('GET', '/api/v1/notifications')).json())).toEqual(['Străin']);
  });

  it('refuses a clear without a scope it knows (422 on the field, both languages)', async () => {
    const { a } = await seeded();
    const en = await a.call('POST', '/api/v1/notifications/clear', { body: { scope: 'everything' } });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ scope: ['Choose one of: all, read.'] });
    const ro = await a.call('POST', '/api/v1/notifications/clear', {
      body: { scope: 1 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.statusCode).toBe(422);
    expect(ro.json().errors).toEqual({ scope: ['Alegeți una dintre: all, read.'] });
    expect((await a.call('GET', '/api/v1/notifications')).json().meta.total).toBe(3);
  });
});

describe('system notifications', () => {
  it("are shown in the reader's language", async () => {
    const u = await t.signUp();
    await t.db.kysely
      .insertInto('notifications')
      .values({
        company_id: u.companyId,
        ...notificationColumns('awb_failed', { city: 'Brașov' }),
        type: 'error',
        created_at: 500,
      })
      .execute();
    const en = (await u.call('GET', '/api/v1/notifications')).json().data[0];
    expect(en).toMatchObject({
      title: 'AWB failed',
      description: 'The courier refused the address of an order from Brașov.',
    });
    const ro = (await u.call('GET', '/api/v1/notifications', { headers: { 'accept-language': 'ro' } })).json().data[0];
    expect(ro).toMatchObject({ title: 'AWB eșuat', description: 'Curierul a refuzat adresa unei comenzi din Brașov.' });
  });
});

describe('what a notification links to', () => {
  it('each links to what it names: its order (while it exists), the products, the orders from a day, the integrations', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const src = (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } })).json()
      .data.id;
    const product = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku: 'N-1',
        name: 'N',
        sale_type: 'Bucata',
        stock: 5,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const newOrder = async () => {
      const res = await u.call('POST', '/api/v1/order', {
        body: {
          name: 'Ion Popescu',
          phone_number: '0744 123 456',
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Strada Memorandumului',
          number: '28',
          source: src,
          products: { 'N-1': 1 },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const kept = await newOrder();
    const gone = await newOrder();
    const rows = [
      ['invoice_issued', { number: 'FCT 0007', order: kept }],
      ['awb_failed', { city: 'Brașov', order: gone }],
      ['low_stock', { count: 1, limit: 5 }],
      ['new_orders', { count: 2, from: '2026-11-20' }],
      ['new_orders', { count: 2 }],
      ['credentials_rejected', { provider: 'SmartBill' }],
    ] as const;
    await t.db.kysely
      .insertInto('notifications')
      .values([
        ...rows.map(([kind, params], i) => ({
          company_id: u.companyId,
          ...notificationColumns(kind, params),
          type: 'notice',
          created_at: 100 + i,
        })),
        { company_id: u.companyId, title: 'A note', description: 'typed by hand', type: 'notice', created_at: 50 },
      ])
      .execute();
    expect((await u.call('DELETE', `/api/v1/order/${gone}`)).statusCode).toBe(200);
    const list = (await u.call('GET', '/api/v1/notifications')).json().data as {
      title: string;
      order_id: number | null;
      link: string | null;
    }[];
    expect(list.map((n) => [n.title, n.order_id, n.link])).toEqual([
      ['Credentials rejected', null, '/integrations'],
      ['New orders', null, '/orders'],
      ['New orders', null, '/orders?created_from=2026-11-20'],
      ['Low stock', null, '/products'],
      // The order was deleted since: nothing to open.
      ['AWB failed', null, null],
      ['Invoice issued', kept, `/orders/${kept}`],
      ['A note', null, null],
    ]);
    // Another company's notifications are not the caller's.
    expect((await other.call('GET', '/api/v1/notifications')).json().data).toEqual([]);
  });
});

describe('changelog', () => {
  it('answers the release notes newest first in the asked language', async () => {
    const u = await t.signUp();
    const en = (await u.call('GET', '/api/v1/changelog')).json().data;
    expect(en.length).toBeGreaterThan(0);
    expect(en[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      description: expect.any(String),
      created_at: expect.any(Number),
    });
    const ro = (await u.call('GET', '/api/v1/changelog', { headers: { 'accept-language': 'ro' } })).json().data;
    expect(ro[0].title).not.toBe(en[0].title);
    const times = en.map((e: { created_at: number }) => e.created_at);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});

describe('marking read under concurrency', () => {
  it('the bell opened in several tabs at once: every call succeeds and each notification is read once', async () => {
    const a = await t.signUp();
    await t.db.kysely
      .insertInto('notifications')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          company_id: a.companyId,
          title: `N${i}`,
          description: 'd',
          type: 'notice',
          created_at: 100 + i,
        })),
      )
      .execute();
    const answers = await Promise.all(Array.from({ length: 6 }, () => a.call('POST', '/api/v1/notifications/read')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const reads = await t.db.kysely
      .selectFrom('notification_reads')
      .select('notification_id')
      .where('user_id', '=', a.id)
      .execute();
    expect(reads).toHaveLength(5);
  });
});
