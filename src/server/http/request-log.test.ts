import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderRegistry } from '../providers/registry.js';
import { orderReadyForDpd } from '../test/awb.js';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { errorForLog, REDACTED, scrubText, secretValuesOf, withoutSecrets } from './security.js';

// With LOG_REQUESTS=true the log must never hold a secret: not a provider's key, password or bot
// token typed into a wizard (refused or accepted), not the console's own password or session
// token, not what a failed request carried. Every secret here is made fresh for this run, so one
// found in the log text can only have been written there by the app.

const fresh = (label: string) => `${label}-${crypto.randomBytes(6).toString('hex')}`;

let logged = '';
const stream = new PassThrough();
stream.on('data', (d) => (logged += String(d)));

/** Every secret value used below, to be looked for in the log (as written, and as a URL would carry it). */
const secrets: string[] = [];
const secret = (value: string) => (secrets.push(value), value);

function expectNoSecretIn(text: string) {
  for (const s of secrets) {
    expect(text, `the log holds ${s}`).not.toContain(s);
    expect(text, `the log holds ${s} encoded`).not.toContain(encodeURIComponent(s));
  }
}

describe('the request log, in emulated mode', () => {
  let t: TestApp;
  let u: TestUser;
  const wizard = (key: string) => `/api/v1/${key}/company/${u.companyId}/login`;

  // Provider accounts the emulators know, with secrets of this run (the demo ones are public).
  const telegram = { bot_token: secret(`7770001:${fresh('TgBotSecret')}`), chat_id: '100200300' };
  const vonage = { api_key: secret(fresh('VonKey')), api_secret: secret(fresh('VonSecret')), phone_number: 'Shop' };
  const dpd = { username: fresh('dpd-user'), password: secret(fresh('DpdPass')) };
  const consolePassword = secret(fresh('ConsolePass'));

  beforeAll(async () => {
    t = await startTestApp({ deps: { logger: { stream } } });
    const e = t.app.emulators!;
    await e.telegram.store.put('bots', telegram.bot_token, {
      token: telegram.bot_token,
      id: 7770001,
      username: 'log_test_bot',
    });
    await e.vonage.store.put('accounts', vonage.api_key, {
      apiKey: vonage.api_key,
      apiSecret: vonage.api_secret,
      balance: 20,
      callback: null,
    });
    const demo = await e.dpd.store.get<Record<string, unknown>>('accounts', 'demo');
    await e.dpd.store.put('accounts', dpd.username, { ...demo, username: dpd.username, password: dpd.password });
    u = await t.signUp({ password: consolePassword });
    secret(u.token);
  });
  afterAll(() => t.close());

  it('holds the requests, never a secret they carried', async () => {
    logged = '';
    const status = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      return r.statusCode;
    };
    // The console's own sign-in, refused and accepted.
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email: u.email, password } });
    expect(await status(login(secret(fresh('WrongPass'))))).toBe(403);
    const signedIn = await login(consolePassword);
    expect(signedIn.statusCode).toBe(200);
    secret(signedIn.json().token);

    // Wizard sign-ins the providers refuse, then accept.
    const refusedTelegram = { bot_token: secret(`7770002:${fresh('TgRefused')}`), chat_id: '100200300' };
    const refusedVonage = {
      api_key: secret(fresh('VonKeyNo')),
      api_secret: secret(fresh('VonSecretNo')),
      phone_number: 'Shop',
    };
    expect(await status(u.call('POST', wizard('telegram'), { body: refusedTelegram }))).toBe(422);
    expect(await status(u.call('POST', wizard('vonage'), { body: refusedVonage }))).toBe(422);
    expect(await status(u.call('POST', wizard('telegram'), { body: telegram }))).toBe(200);
    expect(await status(u.call('POST', wizard('vonage'), { body: vonage }))).toBe(200);

    // An AWB made through the console's API at the DPD emulator, with DPD's own login.
    const { orderId, awbBody } = await orderReadyForDpd(u, dpd);
    expect(await status(u.call('POST', `/api/v1/order/${orderId}/awb`, { body: awbBody }))).toBe(201);
    expect(await status(u.call('GET', `/api/v1/order/${orderId}/awb`))).toBe(200);

    // Failing requests: a provider down, a courier failing a create, a body that is not JSON,
    // and someone outside calling the emulators' paths with keys in the URL.
    t.app.emulators!.telegram.faults.set('server_error');
    expect(await status(u.call('POST', wizard('telegram'), { body: telegram }))).toBe(502);
    t.app.emulators!.telegram.faults.clear();
    const v = await t.signUp();
    secret(v.token);
    const second = await orderReadyForDpd(v, dpd);
    t.app.emulators!.dpd.faults.set('server_error', 1);
    expect(await status(v.call('POST', `/api/v1/order/${second.orderId}/awb`, { body: second.awbBody }))).toBe(502);
    const broken = await u.call('POST', wizard('vonage'), {
      body: `{"api_key": "${vonage.api_key}", "api_secret": "${vonage.api_secret}", oops}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(
      await status(
        t.app.inject({
          method: 'GET',
          url: `/emulators/vonage/account/get-balance?api_key=${vonage.api_key}&api_secret=${encodeURIComponent(vonage.api_secret)}`,
        }),
      ),
    ).toBe(404);
    expect(
      await status(t.app.inject({ method: 'POST', url: `/emulators/telegram/bot${telegram.bot_token}/getMe` })),
    ).toBe(404);

    // The log has every console request (so the check below reads something)...
    expect(logged).toContain(`"url":"/api/v1/telegram/company/${u.companyId}/login"`);
    expect(logged).toContain(`"url":"/api/v1/order/${orderId}/awb"`);
    expect(logged).toContain(
      `"url":"/emulators/vonage/account/get-balance?api_key=${REDACTED}&api_secret=${REDACTED}"`,
    );
    expect(logged).toContain(`"url":"/emulators/telegram/bot${REDACTED}/getMe"`);
    // ...but none of the server's own calls to its emulators (no line of DPD's or Telegram's API),
    expect(logged).not.toMatch(/\/emulators\/dpd|getChat/);
    // and no secret at all.
    expectNoSecretIn(logged);
  });
});

describe('an unhandled error', () => {
  let t: TestApp;
  /**
   * Messaging clients that fail as a bug would, with a library's error quoting the URL it was
   * given (a Telegram bot token in the path, Vonage's key and secret in the query), the way
   * fetch words a URL it cannot parse: not a ProviderError, so it reaches the error handler as a
   * 500 and its log line.
   */
  const failing = {
    mode: 'emulated',
    isEmulated: () => true,
    demoCredentials: () => null,
    messaging: (provider: string, c: Record<string, string>) => ({
      verifyCredentials: async () => {
        const url =
          provider === 'telegram'
            ? `https://api.telegram.org/bot${c.bot_token.trim()}/getMe`
            : `https://rest.nexmo.com/account/get-balance?${new URLSearchParams({ api_key: c.api_key, api_secret: c.api_secret })}`;
        const cause = Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL', input: url });
        throw new TypeError(`Failed to parse URL from ${url}`, { cause });
      },
    }),
  } as unknown as ProviderRegistry;

  beforeAll(async () => {
    t = await startTestApp({ deps: { logger: { stream }, providerRegistry: failing } });
  });
  afterAll(() => t.close());

  it('is logged with its message and causes, without what the request typed into secret fields', async () => {
    logged = '';
    const u = await t.signUp();
    secret(u.token);
    const typed = {
      // Any shape: a token that is not one (spaces around it, no colon) is still what was typed.
      telegram: { bot_token: ` ${secret(fresh('typed token'))} `, chat_id: '100200300' },
      vonage: {
        api_key: secret(fresh('TypedKey')),
        api_secret: secret(`${fresh('Typed')} s&cret/+`),
        phone_number: 'Shop',
      },
    };
    for (const [key, body] of Object.entries(typed)) {
      const res = await u.call('POST', `/api/v1/${key}/company/${u.companyId}/login`, { body });
      expect(res.statusCode, res.body).toBe(500);
      expectNoSecretIn(res.body);
    }
    const errors = logged.split('\n').filter((l) => l.includes('"unhandled error"'));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain(`Failed to parse URL from https://api.telegram.org/bot${REDACTED}/getMe`);
    expect(errors[0]).toContain('"code":"ERR_INVALID_URL"');
    expect(errors[1]).toContain(`api_key=${REDACTED}&api_secret=${REDACTED}`);
    expectNoSecretIn(logged);
  });
});

describe('the pieces that clean a log line', () => {
  it('take the secrets out of a URL: secret query parameters and a bot token in the path', () => {
    expect(withoutSecrets('/x?v=1&sig=abc&exp=2')).toBe(`/x?v=1&sig=${REDACTED}&exp=${REDACTED}`);
    expect(withoutSecrets('/a/get-balance?api_key=k1&API_SECRET=s%202&page=2')).toBe(
      `/a/get-balance?api_key=${REDACTED}&API_SECRET=${REDACTED}&page=2`,
    );
    expect(withoutSecrets('/cb?access_token=t&apiKey=k&client-secret=c&user_password=p&chat_id=5&company_id=3')).toBe(
      `/cb?access_token=${REDACTED}&apiKey=${REDACTED}&client-secret=${REDACTED}&user_password=${REDACTED}&chat_id=5&company_id=3`,
    );
    expect(withoutSecrets('/emulators/telegram/bot123:AbC/getMe')).toBe(`/emulators/telegram/bot${REDACTED}/getMe`);
    expect(withoutSecrets('/emulators/telegram/botnocolon/sendMessage?x=1')).toBe(
      `/emulators/telegram/bot${REDACTED}/sendMessage?x=1`,
    );
    expect(withoutSecrets('/bot1%3Aabc')).toBe(`/bot${REDACTED}`);
    expect(withoutSecrets('/api/v1/order?page=2&search=bot')).toBe('/api/v1/order?page=2&search=bot');
    // An invitation link's token, on the page and on its API call.
    expect(withoutSecrets('/invitation/Zq9-x_1')).toBe(`/invitation/${REDACTED}`);
    expect(withoutSecrets('/api/v1/invitation/Zq9-x_1?lang=ro')).toBe(`/api/v1/invitation/${REDACTED}?lang=ro`);
  });

  it('take known values, bearer tokens and bot tokens out of any text, an error included', () => {
    expect(scrubText('login as ana failed: p@ss w is wrong (p%40ss%20w)', ['p@ss w'])).toBe(
      `login as ana failed: ${REDACTED} is wrong (${REDACTED})`,
    );
    expect(scrubText('sent Authorization: Bearer abcdefghijkl and 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toBe(
      `sent Authorization: Bearer ${REDACTED} and ${REDACTED}`,
    );
    const err = Object.assign(new Error('refused key K-123', { cause: new Error('GET /x?api_secret=zz') }), {
      api_key: 'K-123',
      status: 401,
    });
    const logged = JSON.stringify(errorForLog(err, ['K-123']));
    expect(logged).not.toContain('K-123');
    expect(logged).not.toContain('zz');
    expect(errorForLog(err, ['K-123'])).toMatchObject({ type: 'Error', status: 401, api_key: REDACTED });
  });

  it('find what a request typed into secret fields, however deep', () => {
    expect(
      secretValuesOf({
        body: { username: 'ana', password: 'p1', nested: { bot_token: 't1', chat_id: '5' } },
        query: { api_key: 'k1', page: '2' },
      }).sort(),
    ).toEqual(['k1', 'p1', 't1']);
  });
});
