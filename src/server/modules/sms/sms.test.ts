import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { orderReadyForDpd } from '../../test/awb.js';
import { order as bulkOrder, seller as bulkSeller, SMALL } from '../../test/bulk.js';
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
      body: { text: 'Buna {customer_name}, comanda {order_id} de {total} lei la {company}. {nume}/{comanda}' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({
      status: 'sent',
      to: '+40744123456',
      text: expect.stringMatching(
        new RegExp(
          `^Buna Ion Popescu, comanda ${s.orderId} de \\d+\\.\\d{2} lei la Test Company \\d+\\. Ion Popescu/${s.orderId}$`,
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

/** A template as one saved before unknown placeholders were refused: written straight to the table. */
async function legacyTemplate(u: TestUser, sourceId: number, text: string, event = 'awb_created'): Promise<number> {
  const row = await t.db.kysely
    .insertInto('messages')
    .values({
      company_id: u.companyId,
      source_id: sourceId,
      from: 'DemoShop',
      text,
      is_active: 1,
      event,
      created_at: clock.now(),
      updated_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const notificationsOf = async (u: TestUser, lang = 'en') =>
  (await u.call('GET', '/api/v1/notifications', { headers: { 'accept-language': lang } })).json().data as {
    title: string;
    description: string;
    order_id: number | null;
  }[];

describe(`SMS placeholders by hand (${engineUnderTest})`, () => {
  it('a typed text with an unknown placeholder is refused naming it, in both languages; nothing is sent', async () => {
    const s = await seller();
    const url = `/api/v1/order/${s.orderId}/sms`;
    const res = await s.u.call('POST', url, { body: { text: 'Salut {nume}, voucher {cod}' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['text']);
    expect(res.json().errors.text[0]).toMatch(/^Unknown placeholder: \{cod\}\./);
    const ro = await s.u.call('POST', url, { body: { text: '{cod} {data}' }, headers: { 'accept-language': 'ro' } });
    expect(ro.json().errors.text[0]).toMatch(/^Variabile necunoscute: \{cod\}, \{data\}\./);
    expect(await sendsOf(s.u, s.orderId)).toEqual([]);
    expect(await vonageSent('voucher')).toEqual([]);
  });

  it('a legacy template with an unknown placeholder is refused on message_id; a known one with no value on the order too', async () => {
    const s = await seller();
    const url = `/api/v1/order/${s.orderId}/sms`;
    const legacy = await legacyTemplate(s.u, s.sourceId, 'Voucher {cod} pentru comanda {comanda}', 'manual');
    const res = await s.u.call('POST', url, { body: { message_id: legacy } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['message_id']);
    expect(res.json().errors.message_id[0]).toMatch(/^Unknown placeholder: \{cod\}\./);
    // No AWB yet: {awb} and {link_urmarire} have no value for this order.
    const empty = await s.u.call('POST', url, { body: { text: 'Comanda {comanda}: AWB {awb}, {link_urmarire}' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text).toEqual([
      'This order has no values for {awb}, {link_urmarire}: complete the order (the customer’s name, the AWB) or take them out of the text.',
    ]);
    const emptyRo = await s.u.call('POST', url, { body: { text: 'AWB {awb}' }, headers: { 'accept-language': 'ro' } });
    expect(emptyRo.json().errors.text).toEqual([
      'Comanda nu are o valoare pentru {awb}: completați comanda (numele clientului, AWB-ul) sau scoateți variabila din text.',
    ]);
    expect(await sendsOf(s.u, s.orderId)).toEqual([]);
    expect(await vonageSent('Voucher')).toEqual([]);
  });
});

describe(`SMS placeholders on shipping events (${engineUnderTest})`, () => {
  const skippedRows = (orderId: number) =>
    t.db.kysely
      .selectFrom('sms_sends')
      .select(['state', 'error', 'text'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  it('the Romanian aliases are filled on send', async () => {
    const s = await seller();
    await template(s.u, s.sourceId, 'Buna {nume}, comanda {comanda} a plecat cu {curier}, AWB {awb}: {link_urmarire}');
    const awb = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: s.awbBody });
    expect(awb.statusCode, awb.body).toBe(201);
    const number = awb.json().data.awb as string;
    await runJobs();
    expect((await sendsOf(s.u, s.orderId)).map((x) => x.text)).toEqual([
      `Buna Ion Popescu, comanda ${s.orderId} a plecat cu DPD, AWB ${number}: https://tracking.dpd.ro/?shipmentNumber=${number}&language=ro`,
    ]);
  });

  it('a legacy template with an unknown placeholder: skipped with the reason, the seller alerted in both languages (once a day per template)', async () => {
    const s = await seller();
    const legacy = await legacyTemplate(s.u, s.sourceId, 'Buna {nume}! Voucher {cod} la comanda {comanda}.');
    const awb = await s.u.call('POST', `/api/v1/order/${s.orderId}/awb`, { body: s.awbBody });
    expect(awb.statusCode, awb.body).toBe(201);
    await runJobs();
    expect(await vonageSent('Voucher')).toEqual([]);
    expect(await sendsOf(s.u, s.orderId)).toEqual([]);
    expect(await skippedRows(s.orderId)).toEqual([
      {
        state: 'skipped',
        error: 'unfilled_placeholders: {cod}',
        text: `Buna Ion Popescu! Voucher {cod} la comanda ${s.orderId}.`,
      },
    ]);
    expect(await historyOf(s.orderId, 'sms_not_sent')).toMatchObject([
      { event: 'awb_created', reason: 'unfilled_placeholders', placeholders: ['{cod}'] },
    ]);
    const [note] = await notificationsOf(s.u);
    expect(note).toMatchObject({ title: 'SMS not sent', order_id: s.orderId });
    expect(note.description).toMatch(new RegExp(`^The SMS of order #${s.orderId} was not sent: .*\\{cod\\}`));
    const [noteRo] = await notificationsOf(s.u, 'ro');
    expect(noteRo.title).toBe('SMS netrimis');
    expect(noteRo.description).toMatch(new RegExp(`^SMS-ul comenzii #${s.orderId} nu a fost trimis: .*\\{cod\\}`));
    // The same template skips the next event too (recorded), without a second alert that day.
    await sendEventSms(serviceContext(t.services), {
      companyId: s.u.companyId,
      orderId: s.orderId,
      event: 'awb_created',
      awb: 'AWB-2',
    });
    expect((await skippedRows(s.orderId)).map((r) => r.state)).toEqual(['skipped', 'skipped']);
    const kinds = await t.db.kysely
      .selectFrom('notifications')
      .select('message_key')
      .where('company_id', '=', s.u.companyId)
      .where('message_key', '=', 'sms_placeholder_unfilled')
      .execute();
    expect(kinds).toHaveLength(1);
    // Corrected, the template sends.
    await t.db.kysely.updateTable('messages').set({ text: 'Buna {nume}!' }).where('id', '=', legacy).execute();
    await sendEventSms(serviceContext(t.services), {
      companyId: s.u.companyId,
      orderId: s.orderId,
      event: 'awb_created',
      awb: 'AWB-3',
    });
    expect((await sendsOf(s.u, s.orderId)).map((x) => x.text)).toEqual(['Buna Ion Popescu!']);
  });

  it('a known placeholder with no value for the order (no name) is not sent as a gap: skipped and alerted', async () => {
    const s = await seller();
    await template(s.u, s.sourceId, 'Buna {nume}, AWB {awb}');
    await t.db.kysely
      .updateTable('order_customer_details')
      .set({ name: '' })
      .where('order_id', '=', s.orderId)
      .execute();
    await sendEventSms(serviceContext(t.services), {
      companyId: s.u.companyId,
      orderId: s.orderId,
      event: 'awb_created',
      awb: 'AWB-9',
    });
    expect(await skippedRows(s.orderId)).toEqual([
      { state: 'skipped', error: 'unfilled_placeholders: {nume}', text: 'Buna , AWB AWB-9' },
    ]);
    expect(await historyOf(s.orderId, 'sms_not_sent')).toMatchObject([
      { reason: 'unfilled_placeholders', placeholders: ['{nume}'] },
    ]);
    expect((await notificationsOf(s.u))[0]).toMatchObject({ title: 'SMS not sent', order_id: s.orderId });
    expect(await vonageSent('AWB AWB-9')).toEqual([]);
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

  it('a bulk AWB job sends each customer the shipping SMS, once per order, as an AWB made alone does', async () => {
    const s = await bulkSeller(await t.signUp());
    await withVonage(s.u);
    await template(s.u, s.source, 'Coletul comenzii {order_id} are AWB {awb}');
    const ids = [await bulkOrder(s), await bulkOrder(s), await bulkOrder(s)];
    const awbJob = { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } };
    const started = await s.u.call('POST', '/api/v1/order-bulk', { body: awbJob });
    expect(started.statusCode, started.body).toBe(202);
    await runJobs();
    // The same job once more, and a second job over the same orders (each skipped: it has its AWB).
    expect((await s.u.call('POST', '/api/v1/order-bulk', { body: awbJob })).statusCode).toBe(202);
    await runJobs();
    await runJobs();
    for (const id of ids) {
      const { awb } = (await s.u.call('GET', `/api/v1/order/${id}`)).json().data;
      expect(awb).toBeTruthy();
      const text = `Coletul comenzii ${id} are AWB ${awb}`;
      expect((await sendsOf(s.u, id)).map((x) => [x.event, x.status, x.text])).toEqual([['awb_created', 'sent', text]]);
      expect(await vonageSent(text)).toHaveLength(1);
      // The history of a bulk AWB is that of an AWB: no mark keeps its SMS back.
      expect(await historyOf(id, 'sms_not_sent')).toEqual([]);
    }
  });

  it('a bulk status change sends the customer nothing; its history carries the job, which one order’s change does not', async () => {
    const s = await bulkSeller(await t.signUp());
    await withVonage(s.u);
    for (const event of ['awb_created', 'delivered', 'returning'])
      await template(s.u, s.source, `Comanda {order_id}: ${event}`, event);
    const [alone, ...inBulk] = [await bulkOrder(s), await bulkOrder(s), await bulkOrder(s)];
    expect((await s.u.call('POST', `/api/v1/order/${alone}/cancel`)).statusCode).toBe(200);
    const bulk = async (status: string) => {
      const res = await s.u.call('POST', '/api/v1/order-bulk', {
        body: { action: 'status', selection: { ids: inBulk }, params: { status } },
      });
      expect(res.statusCode, res.body).toBe(202);
      await runJobs();
      return res.json().data.id as number;
    };
    const cancelJob = await bulk('cancelled');
    const restoreJob = await bulk('new');
    for (const id of inBulk) {
      expect((await s.u.call('GET', `/api/v1/order/${id}`)).json().data.status).toBe('new');
      expect((await historyOf(id, 'cancelled')).map((e) => e.bulk_job)).toEqual([cancelJob]);
      expect((await historyOf(id, 'restored')).map((e) => e.bulk_job)).toEqual([restoreJob]);
    }
    expect((await historyOf(alone, 'cancelled')).map((e) => e.bulk_job)).toEqual([undefined]);
    for (const id of [alone, ...inBulk]) {
      expect(await sendsOf(s.u, id)).toEqual([]);
      const queued = await t.db.kysely.selectFrom('jobs').select('key').where('key', 'like', `sms-event:${id}:%`);
      expect(await queued.execute()).toEqual([]);
    }
  });
});
