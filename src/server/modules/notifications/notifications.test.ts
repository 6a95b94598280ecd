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
