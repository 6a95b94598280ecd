import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { MAX_CHECKS_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from './loginLimit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// `x-forwarded-for` in a test names the client address; the app trusts no proxy, so it goes to remoteAddress.
const login = (body: unknown, headers: Record<string, string> = {}) => {
  const { 'x-forwarded-for': address, ...rest } = headers;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: body as object,
    headers: rest,
    remoteAddress: address ?? '127.0.0.1',
  });
};

describe('login', () => {
  it('answers a token and the user for the right password, and the token works', async () => {
    await t.signUp({ email: 'ana@example.ro', password: 'corect-123' });
    const res = await login({ email: 'Ana@Example.ro', password: 'corect-123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'ana@example.ro', first_name: 'Test', last_name: 'User' });
    expect(Object.keys(body.user).sort()).toEqual(['email', 'first_name', 'id', 'last_name']);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('ana@example.ro');
  });

  it('stores the password as an argon2id hash and the token only hashed', async () => {
    const u = await t.signUp({ email: 'hash@example.ro', password: 'parola-lunga' });
    const row = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    const res = await login({ email: 'hash@example.ro', password: 'parola-lunga' });
    const tokens = await t.db.kysely
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', u.id)
      .execute();
    expect(tokens.map((x) => x.token_hash)).not.toContain(res.json().token);
  });

  it('refuses a wrong password or unknown email with 403 Invalid credentials', async () => {
    await t.signUp({ email: 'bogdan@example.ro', password: 'corect-123' });
    const wrong = await login({ email: 'bogdan@example.ro', password: 'gresit' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    const unknown = await login({ email: 'nobody@example.ro', password: 'x' });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers 422 with a message per missing field, in Romanian when asked', async () => {
    const res = await login({}, { 'accept-language': 'ro-RO' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Câmpul este obligatoriu.'], password: ['Câmpul este obligatoriu.'] });
  });

  it('answers 429 after 10 failed attempts a minute for one email, even with the right password', async () => {
    await t.signUp({ email: 'limit@example.ro', password: 'corect-123' });
    for (let i = 0; i < 10; i++) {
      const r = await login({ email: 'limit@example.ro', password: `bad-${i}` }, { 'x-forwarded-for': `10.0.0.${i}` });
      expect(r.statusCode).toBe(403);
    }
    const blocked = await login(
      { email: 'limit@example.ro', password: 'corect-123' },
      { 'x-forwarded-for': '10.0.1.1' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  // A hundred password checks (argon2) one after another: over 20 s on a loaded machine, hence 60 s.
  it('answers 429 after 100 failed attempts a minute from one address across emails; X-Forwarded-For is not trusted', async () => {
    await t.signUp({ email: 'other@example.ro', password: 'corect-123' });
    // A spray: one wrong password for each of 100 emails, from one address that claims to be others.
    for (let i = 0; i < MAX_CHECKS_PER_ADDRESS; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: `x${i}@example.ro`, password: 'bad' },
        headers: { 'x-forwarded-for': `172.16.${i}.1` },
        remoteAddress: '192.168.7.7',
      });
      expect(r.statusCode).toBe(403);
    }
    const blocked = await login(
      { email: 'other@example.ro', password: 'corect-123' },
      { 'x-forwarded-for': '192.168.7.7' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    const elsewhere = await login(
      { email: 'other@example.ro', password: 'corect-123' },
      { 'x-forwarded-for': '192.168.7.8' },
    );
    expect(elsewhere.statusCode).toBe(200);
  }, 60_000);

  it('50 wrong passwords for one email do not lock out a colleague behind the same address', async () => {
    await t.signUp({ email: 'target@example.ro', password: 'corect-123' });
    await t.signUp({ email: 'colleague@example.ro', password: 'parola-ei' });
    const office = { 'x-forwarded-for': '203.0.113.10' };
    const codes: number[] = [];
    for (let i = 0; i < 55; i++)
      codes.push((await login({ email: 'target@example.ro', password: `bad-${i}` }, office)).statusCode);
    expect(codes.slice(0, MAX_FAILURES_PER_EMAIL).every((c) => c === 403)).toBe(true);
    expect(codes.slice(MAX_FAILURES_PER_EMAIL).every((c) => c === 429)).toBe(true);

    expect((await login({ email: 'colleague@example.ro', password: 'parola-ei' }, office)).statusCode).toBe(200);
    // A colleague's own typo is checked (403), not refused for the address.
    expect((await login({ email: 'colleague@example.ro', password: 'gresit' }, office)).statusCode).toBe(403);
    // The targeted email stays limited, from the office and from anywhere else, even with its password.
    expect((await login({ email: 'target@example.ro', password: 'corect-123' }, office)).statusCode).toBe(429);
    expect(
      (await login({ email: 'target@example.ro', password: 'corect-123' }, { 'x-forwarded-for': '198.51.100.1' }))
        .statusCode,
    ).toBe(429);
  });

  // 120 password checks one after another: 60 s, as the spray above.
  it('one address failing on ten accounts, ten times each, reaches the address limit', async () => {
    await t.signUp({ email: 'late@example.ro', password: 'corect-123' });
    const from = { 'x-forwarded-for': '203.0.113.20' };
    for (let account = 0; account < MAX_CHECKS_PER_ADDRESS / MAX_FAILURES_PER_EMAIL; account++)
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL + 2; i++)
        await login({ email: `acct${account}@example.ro`, password: `bad-${i}` }, from);
    expect((await login({ email: 'late@example.ro', password: 'corect-123' }, from)).statusCode).toBe(429);
  }, 60_000);
});

describe('logout and tokens', () => {
  it('revokes the token', async () => {
    const u = await t.signUp();
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/logout')).statusCode).toBe(200);
    const after = await u.call('GET', '/api/v1/me');
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 without a token, with a malformed or unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-real-token']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('You are not signed in.');
    }
  });

  it('answers 401 on every API route for a stranger', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/v1/company');
    const calls: [string, string][] = [
      ['GET', '/api/v1/company'],
      ['POST', '/api/v1/company'],
      ['POST', '/api/v1/company/1'],
      ['DELETE', '/api/v1/company/1'],
      ['GET', '/api/v1/company/1'],
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/v1/notifications/read'],
      ['GET', '/api/v1/changelog'],
      ['GET', '/api/v1/logout'],
      ['GET', '/api/v1/me'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { 'x-company-id': '1' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the sign-in limit under concurrency', () => {
  it('50 wrong passwords sent at once for one email: at most 10 are checked (403), the rest answer 429', async () => {
    await t.signUp({ email: 'flood@example.ro', password: 'corect-123' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login({ email: 'flood@example.ro', password: `bad-${i}` }, { 'x-forwarded-for': `10.9.${i}.1` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 403).length).toBeLessThanOrEqual(10);
    // (All 50 may be refused: when every row is written before any count, each count sees 50.)
    expect(codes.filter((c) => c === 429).length).toBe(50 - codes.filter((c) => c === 403).length);
    // And the right password is refused too while the limit holds.
    expect(
      (await login({ email: 'flood@example.ro', password: 'corect-123' }, { 'x-forwarded-for': '10.10.0.1' }))
        .statusCode,
    ).toBe(429);
  });

  it('150 wrong passwords at once from one address for many emails: at most 100 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        login({ email: `spray${i}@example.ro`, password: 'x' }, { 'x-forwarded-for': '10.77.0.1' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 403).length).toBeLessThanOrEqual(MAX_CHECKS_PER_ADDRESS);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(50);
  });

  it('150 wrong passwords at once for one email from one address: a colleague there still signs in', async () => {
    await t.signUp({ email: 'burst@example.ro', password: 'corect-123' });
    await t.signUp({ email: 'desk@example.ro', password: 'parola-ei' });
    const office = { 'x-forwarded-for': '10.78.0.1' };
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => login({ email: 'burst@example.ro', password: `bad-${i}` }, office)),
    );
    expect(answers.filter((r) => r.statusCode === 403).length).toBeLessThanOrEqual(MAX_FAILURES_PER_EMAIL);
    // Only the attempts the email's limit let through count for the address: at most 10 of 100.
    expect((await login({ email: 'desk@example.ro', password: 'parola-ei' }, office)).statusCode).toBe(200);
    expect((await login({ email: 'burst@example.ro', password: 'corect-123' }, office)).statusCode).toBe(429);
  });

  it('a successful sign-in does not count as a failure', async () => {
    await t.signUp({ email: 'often@example.ro', password: 'corect-123' });
    for (let i = 0; i < 15; i++)
      expect(
        (await login({ email: 'often@example.ro', password: 'corect-123' }, { 'x-forwarded-for': `10.20.${i}.1` }))
          .statusCode,
      ).toBe(200);
  });
});
