import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { orderReadyForDpd } from '../../test/awb.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { trackOpenAwbs } from '../tracking/index.js';
import { undeliverable } from '../../emulators/vonage.js';
import { sendEventSms } from './service.js';

const clock = manualClock(1_800_000_000);
const providers = loadProvidersConfig({});
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, deps: { providers } });
});
afterAll(() => t.close());
beforeEach(() => {
  for (const e of Object.values(t.app.emulators!)) e.faults.clear();
  providers.timeoutMs = 15_000;
});

const emulators = () => t.app.emulators!;
const runJobs = () => runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' });

async function withVonage(u: TestUser): Promise<void> {
  const res = await u.call('POST', `/api/v1/vonage/company/${u.companyId}/login`, {
    body: { api_key: 'demo', api_secret: 'demo', phone_number: 'DemoShop' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function template(u: TestUser, sourceId: number, text: string, event = 'awb_created'): Promise<number> {
  const res = await u.call('POST', '/api/v1/message', {
    body: { company_id: u.companyId, source_id: sourceId, from: 'DemoShop', text, event },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** A seller with DPD set up, a source, an order of Ion Popescu (0744 123 456) and the AWB form's body. */
async function seller(opts: { vonage?: boolean } = { vonage: true }) {
  const u = await (t as TestApp).signUp();
  const ready = await orderReadyForDpd(u);
  if (opts.vonage) await withVonage(u);
  const order = (await u.call('GET', `/api/v1/order/${ready.orderId}`)).json().data;
  return { u, ...ready, sourceId: order.source?.id ?? order.source_id };
}

const sendsOf = async (u: TestUser, orderId: number) =>
  (await u.call('GET', `/api/v1/order/${orderId}/sms`)).json().data as {
    id: number;
    status: string;
    text: string;
    event: string;
    error: string | null;
    provider_message_ids: string[];
  }[];
const historyOf = async (orderId: number, type: string) =>
  (
    await t.db.kysely
      .selectFrom('order_events')
      .select('data')
      .where('order_id', '=', orderId)
      .where('type', '=', type)
      .orderBy('id')
      .execute()
  ).map((e) => JSON.parse(e.data));
const vonageSent = async (text: string) =>
  (await emulators().vonage.store.list<{ text: string; to: string }>('messages')).filter((m) => m.text.includes(text));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`SMS by hand (${engineUnderTest})`, () => {
  it('401 for a stranger, 404 for another company’s order, 422 per field and without integration or phone', async () => {
    const s = await seller({ vonage: false });
    const other = await t.signUp();
    const url = `/api/v1/order/${s.orderId}/sms`;
    expect((await t.app.inject({ method: 'POST', url, payload: { text: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await other.call('POST', url, { body: { text: 'x' } })).statusCode).toBe(404);
    expect((await other.call('GET', url)).statusCode).toBe(404);
    const empty = await s.u.call('POST', url, { body: { text: '  ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual(['Write the message or choose a template.']);
    const ro = await s.u.call('POST', url, { body: {}, headers: { 'accept-language': 'ro' } });
    expect(ro.json().errors.text).toEqual(['Scrieți mesajul sau alegeți un șablon.']);
    const foreignTemplate = await s.u.call('POST', url, { body: { message_id: 999999 } });
    expect(foreignTemplate.statusCode).toBe(422);
    expect(foreignTemplate.json().errors.message_id).toEqual(['Choose an SMS template of this company.']);
    const noIntegration = await s.u.call('POST', url, { body: { text: 'Salut' } });
    expect(noIntegration.statusCode).toBe(422);
    expect(noIntegration.json().message).toMatch(/No active messaging integration/);
    await withVonage(s.u);
    await t.db.kysely
      .updateTable('company_customers')
      .set({ phone_number: '+40264123456' })
      .where('company_id', '=', s.u.companyId)
      .execute();
    const landline = await s.u.call('POST', url, { body: { text: 'Salut' } });
    expect(landline.statusCode).toBe(422);
    expect(landline.json().message).toBe('The customer has no valid Romanian mobile number to send an SMS to.');
    expect(await sendsOf(s.u, s.orderId)).toEqual([]);
  });

  it('renders the placeholders, sends once, lists newest first and a receipt per part makes it delivered', async () => {
    const s = await seller();
    const url = `/api/v1/order/${s.orderId}/sms`;
    const res = await s.u.call('POST', url, {
      body: { text: 'Buna {customer_name}, comanda {order_id} de {total} lei la {company}. {unknown}' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({
      status: 'sent',
      to: '+40744123456',
      text: expect.stringMatching(
        new RegExp(
          `^Buna Ion Popescu, comanda ${s.orderId} de \\d+\\.\\d{2} lei la Test Company \\d+\\. \\{unknown\\}$`,
        ),
      ),
      parts: 1,
      encoding: 'GSM-7',
    });
    expect(await vonageSent(`comanda ${s.orderId} de`)).toHaveLength(1);
    // A diacritic in the text makes it Unicode: the counter counts what is sent.
    const second = (await s.u.call('POST', url, { body: { text: 'Mulțumim, {customer_name}!' } })).json().data;
    expect(second).toMatchObject({ encoding: 'UCS-2', parts: 1, text: 'Mulțumim, Ion Popescu!' });
    expect((await sendsOf(s.u, s.orderId)).map((x) => x.id)).toEqual([second.id, sent.id]);
    expect(undeliverable('40744123456')).toBe(false);
    const after = await until(
      () => sendsOf(s.u, s.orderId),
      (list) => list.every((x) => x.status === 'delivered'),
    );
    expect(after.map((x) => x.status)).toEqual(['delivered', 'delivered']);
    expect(await historyOf(s.orderId, 'sms_sent')).toHaveLength(2);
  });

  it('a number the demo handset refuses gets a failed receipt with the reason; forged receipts change nothing', async () => {
    const s = await seller();
    // A number the emulator's hash refuses (one in eight), found deterministically.
    let n = 744000001;
    while (!undeliverable(`40${n}`)) n += 1;
    await t.db.kysely
      .updateTable('company_customers')
      .set({ phone_number: `+40${n}` })
      .where('company_id', '=', s.u.companyId)
      .execute();
    const sent = (await s.u.call('POST', `/api/v1/order/${s.orderId}/sms`, { body: { text: 'Test esuat' } })).json()
      .data;
    const token = (
      await t.db.kysely
        .selectFrom('sms_receipt_tokens')
        .select('token')
        .where('company_id', '=', s.u.companyId)
        .executeTakeFirstOrThrow()
    ).token;
    const [row] = await sendsOf(s.u, s.orderId);
    const forged = [
      `/api/v1/sms/receipts/${s.u.companyId}/wrong-token?messageId=${row.provider_message_ids[0]}&status=delivered&client-ref=sms-${sent.id}`,
      `/api/v1/sms/receipts/${s.u.companyId}/${token}?messageId=NOTOURS&status=delivered&client-ref=sms-${sent.id}`,
      `/api/v1/sms/receipts/${s.u.companyId}/${token}?messageId=${row.provider_message_ids[0]}&status=delivered&client-ref=sms-999999`,
      `/api/v1/sms/receipts/0x1/${token}?messageId=${row.provider_message_ids[0]}&status=delivered`,
    ];
    for (const url of forged) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await sendsOf(s.u, s.orderId))[0].status).toBe('sent');
    const done = await until(
      () => sendsOf(s.u, s.orderId),
      (l) => l[0].status !== 'sent',
    );
    expect(done[0]).toMatchObject({ status: 'failed', error: 'failed: Absent Subscriber - Permanent' });
  });
});

describe(`Vonage's refusals (${engineUnderTest})`, () => {
  it('maps status 9, 29 and 4 to clear messages in both languages, alerts on credit; throttling is retried', async () => {
    const s = await seller();
    const url = `/api/v1/order/${s.orderId}/sms`;
    emulators().vonage.faults.set('quota', 1);
    const quota = await s.u.call('POST', url, { body: { text: 'q' } });
    expect(quota.statusCode).toBe(422);
    expect(quota.json().message).toBe('The Vonage account has no credit left: top it up, then send again.');
    emulators().vonage.faults.set('not_whitelisted', 1);
    const white = await s.u.call('POST', url, { body: { text: 'w' }, headers: { 'accept-language': 'ro' } });
    expect(white.json().message).toMatch(/^Vonage trimite doar la numerele din lista albă/);
    emulators().vonage.faults.set('refused_login', 1);
    const creds = await s.u.call('POST', url, { body: { text: 'c' } });
    expect(creds.json().message).toBe('Vonage refused the account’s API key and secret: set up Vonage again.');
    const failed = await sendsOf(s.u, s.orderId);
    expect(failed.map((x) => [x.status, x.error])).toEqual([
      ['failed', 'Bad Credentials'],
      ['failed', 'Non White-listed Destination - rejected'],
      ['failed', 'Partner quota exceeded'],
    ]);
    const kinds = (
      await t.db.kysely
        .selectFrom('notifications')
        .select('message_key')
        .where('company_id', '=', s.u.companyId)
        .execute()
    ).map((n) => n.message_key);
    expect(kinds).toEqual(expect.arrayContaining(['sms_credit_exhausted', 'credentials_rejected']));
    emulators().vonage.faults.set('throttled', 2);
    const throttled = await s.u.call('POST', url, { body: { text: 'Throttled once' } });
    expect(throttled.statusCode, throttled.body).toBe(201);
    expect(await vonageSent('Throttled once')).toHaveLength(1);
  });

  it('a lost answer is unknown (504) and never sent again by itself', async () => {
    const s = await seller();
    providers.timeoutMs = 300;
    emulators().vonage.faults.set('answer_lost', 1);
    const lost = await s.u.call('POST', `/api/v1/order/${s.orderId}/sms`, { body: { text: 'Lost answer' } });
    expect(lost.statusCode).toBe(504);
    providers.timeoutMs = 15_000;
    expect((await sendsOf(s.u, s.orderId))[0].status).toBe('unknown');
    clock.advance(3600);
    await runJobs();
    expect(await vonageSent('Lost answer')).toHaveLength(1);
    // Its receipt still tells: the unknown send becomes delivered.
    const list = await until(
      () => sendsOf(s.u, s.orderId),
      (l) => l[0].status === 'delivered',
    );
    expect(list[0].status).toBe('delivered');
  });
});

describe(`SMS on shipping events (${engineUnderTest})`, () => {
  it('an AWB created sends the awb_created template once; a new AWB after a delete sends again', async () => {
    const s = await seller();
    await template(s.u, s.sourceId, 'Comanda {order_id} a plecat cu {courier}, AWB {awb}: {tracking_url}');
    await template(s.u, s.sourceId, 'Livrata {order_id}', 'delivered');
    const awb = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: s.awbBody });
    expect(awb.statusCode, awb.body).toBe(201);
    const first = awb.json().data.awb as string;
    await runJobs();
    // The same event again (a retried job, a second instance): nothing more.
    await sendEventSms(serviceContext(t.services), {
      companyId: s.u.companyId,
      orderId: s.orderId,
      event: 'awb_created',
      awb: first,
    });
    await runJobs();
    let sends = await sendsOf(s.u, s.orderId);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      event: 'awb_created',
      text: `Comanda ${s.orderId} a plecat cu DPD, AWB ${first}: https://tracking.dpd.ro/?shipmentNumber=${first}&language=ro`,
    });
    expect((await s.u.call('DELETE', `/api/v1/order/${s.orderId}/awb`)).statusCode).toBe(200);
    const again = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: s.awbBody });
    expect(again.statusCode, again.body).toBe(201);
    await runJobs();
    sends = await sendsOf(s.u, s.orderId);
    expect(sends.map((x) => x.text.split(': ')[0])).toEqual([
      `Comanda ${s.orderId} a plecat cu DPD, AWB ${again.json().data.awb}`,
      `Comanda ${s.orderId} a plecat cu DPD, AWB ${first}`,
    ]);
  });

  it('no template, no integration or no mobile: nothing sent, the history says why (once)', async () => {
    const noTemplate = await seller();
    const noIntegration = await seller({ vonage: false });
    await template(noIntegration.u, noIntegration.sourceId, 'AWB {awb}');
    const noPhone = await seller();
    await template(noPhone.u, noPhone.sourceId, 'AWB {awb}');
    await t.db.kysely
      .updateTable('company_customers')
      .set({ phone_number: '+33612345678' })
      .where('company_id', '=', noPhone.u.companyId)
      .execute();
    for (const s of [noTemplate, noIntegration, noPhone]) {
      const res = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: s.awbBody });
      expect(res.statusCode, res.body).toBe(201);
    }
    await runJobs();
    await sendEventSms(serviceContext(t.services), {
      companyId: noTemplate.u.companyId,
      orderId: noTemplate.orderId,
      event: 'awb_created',
      awb: (await noTemplate.u.call('GET', `/api/v1/order/${noTemplate.orderId}`)).json().data.awb,
    });
    for (const [s, reason] of [
      [noTemplate, 'no_template'],
      [noIntegration, 'no_integration'],
      [noPhone, 'no_phone'],
    ] as const) {
      expect(await sendsOf(s.u, s.orderId)).toEqual([]);
      expect((await historyOf(s.orderId, 'sms_not_sent')).map((e) => e.reason)).toEqual([reason]);
    }
  });

  it('a refused parcel alerts the seller on Telegram (in Romanian) and in the notifications; returning sends the returning SMS', async () => {
    const s = await seller();
    await template(s.u, s.sourceId, 'Coletul comenzii {order_id} se intoarce', 'returning');
    const tg = await s.u.call('POST', `/api/v1/telegram/company/${s.u.companyId}/login`, {
      body: { bot_token: '123456:demo', chat_id: '100200300' },
    });
    expect(tg.statusCode, tg.body).toBe(200);
    const awb = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: { ...s.awbBody, name: 'Ana Refuz' } });
    expect(awb.statusCode, awb.body).toBe(201);
    clock.advance(61 * 60);
    await trackOpenAwbs(serviceContext(t.services));
    await runJobs();
    const telegram = await emulators().telegram.store.list<{ text: string }>('messages');
    expect(
      telegram.filter((m) => m.text.includes(`comenzii #${s.orderId} `) && m.text.startsWith('Colet refuzat')),
    ).toHaveLength(1);
    const notes = (await s.u.call('GET', '/api/v1/notifications')).json().data;
    expect(notes[0]).toMatchObject({ title: 'Parcel refused', order_id: s.orderId });
    clock.advance(15 * 60);
    await trackOpenAwbs(serviceContext(t.services));
    await runJobs();
    expect((await sendsOf(s.u, s.orderId)).map((x) => x.text)).toEqual([`Coletul comenzii ${s.orderId} se intoarce`]);
  });

  it('a bulk change sends nothing', async () => {
    const { asBulkChange } = await import('../order-lifecycle/index.js');
    const { queueEventSms } = await import('./index.js');
    const s = await seller();
    await template(s.u, s.sourceId, 'AWB {awb}');
    const ctx = asBulkChange(serviceContext(t.services, { companyId: s.u.companyId }));
    await t.db.transaction((trx) => queueEventSms(trx, ctx, { orderId: s.orderId, event: 'awb_created', awb: 'X1' }));
    expect(
      await t.db.kysely.selectFrom('jobs').select('id').where('key', 'like', `sms-event:${s.orderId}:%`).execute(),
    ).toEqual([]);
  });
});
