import { describe, expect, it } from 'vitest';
import { createVonageEmulator, type SentSms } from '../../emulators/vonage.js';
import { createTelegramEmulator, type SentTelegram } from '../../emulators/telegram.js';
import { parseDeliveryReceipt, VonageClient, vonageNumber } from '../../providers/messaging/vonage.js';
import { splitText, TelegramClient } from '../../providers/messaging/telegram.js';
import type { ProviderError } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { emulatorHarness } from './setup.js';

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );

describe('Vonage client against its emulator', () => {
  const receipts: { url: string; receipt: Record<string, string> }[] = [];
  const h = emulatorHarness(
    (o) =>
      createVonageEmulator({
        ...o,
        receiptDelayMs: 0,
        deliverReceipt: async (url, receipt) => void receipts.push({ url, receipt }),
      }),
    '',
  );
  const demo = { api_key: 'demo', api_secret: 'demo', phone_number: 'DemoShop' };
  const client = (creds = demo, over: { fetch?: ProviderFetch; timeoutMs?: number } = {}) =>
    new VonageClient(creds, { ...h.deps(), http: { ...h.deps().http, ...over } });

  it('normalises Romanian numbers', () => {
    expect(['0722 123 456', '+40722123456', '0040722123456', '40722123456'].map(vonageNumber)).toEqual(
      Array(4).fill('40722123456'),
    );
  });

  it('verifies credentials with the balance read; wrong ones are refused', async () => {
    await client().verifyCredentials();
    expect(await errorOf(client({ ...demo, api_secret: 'x' }).verifyCredentials())).toMatchObject({
      provider: 'vonage',
      kind: 'refused_credentials',
      status: 401,
    });
  });

  it('sends form fields; a GSM text as text, a text with ș/ț as unicode, one id per part', async () => {
    const bodies: string[] = [];
    const c = client(demo, { fetch: (url, init) => (bodies.push(init.body ?? ''), fetch(url, init)) });
    const plain = await c.send({ to: '0722123456', text: 'Comanda dvs. a fost expediata.', reference: 'ORD-1' });
    expect(plain).toMatchObject({ parts: 1, state: 'accepted', price: '0.0545' });
    const form = new URLSearchParams(bodies[0]);
    expect(Object.fromEntries(form)).toMatchObject({
      api_key: 'demo',
      from: 'DemoShop',
      to: '40722123456',
      type: 'text',
      'client-ref': 'ORD-1',
    });
    const long = await c.send({
      to: '+40722123456',
      text: 'Mulțumim! Comanda a fost expediată și ajunge mâine. '.repeat(2),
    });
    expect(new URLSearchParams(bodies[1]).get('type')).toBe('unicode');
    expect(long.parts).toBe(2);
    expect(long.messageIds).toHaveLength(2);
    expect((await h.emulator.store.list<SentSms>('messages')).map((m) => m.type)).toEqual(['text', 'unicode']);
  });

  it('per-message status: bad credentials, an invalid number, an error inside the 200', async () => {
    expect(await errorOf(client({ ...demo, api_key: 'nope' }).send({ to: '0722123456', text: 'x' }))).toMatchObject({
      kind: 'refused_credentials',
      status: 200,
      providerMessage: 'Bad Credentials',
    });
    expect(await errorOf(client().send({ to: '12', text: 'x' }))).toMatchObject({
      kind: 'rejected',
      providerMessage: 'Invalid to address',
    });
    h.emulator.faults.set('error_in_200', 1);
    expect(await errorOf(client().send({ to: '0722123456', text: 'x' }))).toMatchObject({
      kind: 'unavailable',
      status: 200,
      providerMessage: 'Internal Error',
    });
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(client().verifyCredentials())).kind).toBe('refused_credentials');
  });

  it('a send is never retried: a 5xx and a timeout each reach the emulator once', async () => {
    h.emulator.faults.set('server_error', 1);
    expect((await errorOf(client().send({ to: '0722123456', text: 'x' }))).kind).toBe('unavailable');
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(client(demo, { timeoutMs: 300 }).send({ to: '0722123456', text: 'x' }))).kind).toBe(
      'timeout',
    );
    expect(await h.emulator.store.list('messages')).toHaveLength(0);
    await client().send({ to: '0722123456', text: 'x' });
    expect(await h.emulator.store.list('messages')).toHaveLength(1);
  });

  it('delivery receipts arrive per part at the callback and parse into our terms', async () => {
    receipts.length = 0;
    const sent = await client().send({
      to: '0722123456',
      text: 'a'.repeat(200),
      reference: 'ORD-5',
      callbackUrl: 'http://shop.test/hooks/vonage',
    });
    await expect.poll(() => receipts.length).toBe(2);
    expect(receipts.map((r) => r.url)).toEqual(['http://shop.test/hooks/vonage', 'http://shop.test/hooks/vonage']);
    const parsed = receipts.map((r) => parseDeliveryReceipt(r.receipt)!);
    expect(parsed.map((p) => p.messageId).sort()).toEqual([...sent.messageIds].sort());
    expect(parsed[0]).toMatchObject({
      reference: 'ORD-5',
      recipient: '40722123456',
      state: 'delivered',
      errorCode: '0',
      at: h.clock.now() - (h.clock.now() % 60),
    });
    receipts.length = 0;
    await client().send({ to: '0722000000', text: 'x', callbackUrl: 'http://shop.test/hooks/vonage' });
    await expect.poll(() => receipts.length).toBe(1);
    expect(parseDeliveryReceipt(receipts[0].receipt)).toMatchObject({ state: 'failed', errorCode: '3' });
    expect(parseDeliveryReceipt({ hello: 'world' })).toBeNull();
  });
});

describe('Telegram client against its emulator', () => {
  const h = emulatorHarness(createTelegramEmulator, '');
  const demo = { bot_token: '123456:demo', chat_id: '100200300' };
  const client = (creds = demo, timeoutMs = 5000) =>
    new TelegramClient(creds, { ...h.deps(), http: { ...h.deps().http, timeoutMs } });

  it('verifies the bot token and the chat; a wrong token or an unknown chat is refused', async () => {
    await client().verifyCredentials();
    await client({ ...demo, chat_id: '@demo_shop' }).verifyCredentials();
    expect(await errorOf(client({ ...demo, bot_token: '123456:nope' }).verifyCredentials())).toMatchObject({
      provider: 'telegram',
      kind: 'refused_credentials',
      status: 401,
      providerMessage: 'Unauthorized',
    });
    expect(await errorOf(client({ ...demo, chat_id: '42' }).verifyCredentials())).toMatchObject({
      kind: 'rejected',
      providerMessage: 'Bad Request: chat not found',
    });
  });

  it('sends a message (delivered at once); a long text is split below 4096 characters', async () => {
    expect(await client().send({ to: '', text: 'Comandă nouă: #42' })).toMatchObject({
      messageIds: ['1'],
      parts: 1,
      state: 'delivered',
    });
    const long = 'Rând de test cu diacritice ăâîșț.\n'.repeat(200);
    const sent = await client().send({ to: '', text: long });
    expect(sent.parts).toBe(2);
    const chunks = (await h.emulator.store.list<SentTelegram>('messages')).slice(1).map((m) => m.text);
    expect(chunks.every((c) => c.length <= 4096)).toBe(true);
    expect(chunks.join('\n')).toBe(long); // cut at a line end, nothing lost
    expect(splitText('x'.repeat(5000)).map((c) => c.length)).toEqual([4096, 904]);
  });

  it('a blocked bot is rejected (403); an error inside a 200, a 5xx and a timeout are failures; a send is not retried', async () => {
    expect(await errorOf(client({ ...demo, chat_id: '100200301' }).send({ to: '', text: 'x' }))).toMatchObject({
      kind: 'rejected',
      status: 403,
    });
    h.emulator.faults.set('error_in_200', 1);
    expect(await errorOf(client().send({ to: '', text: 'x' }))).toMatchObject({ kind: 'unavailable', status: 200 });
    h.emulator.faults.set('server_error', 1);
    expect((await errorOf(client().send({ to: '', text: 'x' }))).kind).toBe('unavailable');
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(client(demo, 300).send({ to: '', text: 'x' }))).kind).toBe('timeout');
    expect(await h.emulator.store.list('messages')).toHaveLength(0);
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(client().verifyCredentials())).kind).toBe('refused_credentials');
  });
});
