import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { MAX_FAILURES_PER_EMAIL } from './loginLimit.js';

// A clock that moves only when told: the session cache never runs out by itself, so the other
// sessions are seen to end at once.
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe('changing one’s own password', () => {
  it('needs the current password; the new one signs in, the old one no more; the other sessions end at once', async () => {
    const u = await t.signUp({ password: 'parola-veche' });
    const elsewhere = (await login(u.email, 'parola-veche')).json().token as string;
    // Remembered by this instance's cache from here on.
    expect((await me(elsewhere)).statusCode).toBe(200);
    const res = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'parola-veche', new_password: 'parola-noua-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await login(u.email, 'parola-veche')).statusCode).toBe(403);
    expect((await login(u.email, 'parola-noua-2026')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field (both languages) and changes nothing', async () => {
    const u = await t.signUp({ password: 'parola-buna' });
    const wrong = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'gresita', new_password: 'alta-parola-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is not correct.'] });
    const ro = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'gresita', new_password: 'alta-parola-1' },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors).toEqual({ current_password: ['Parola actuală nu este corectă.'] });
    expect((await login(u.email, 'parola-buna')).statusCode).toBe(200);
    expect((await login(u.email, 'alta-parola-1')).statusCode).toBe(403);
  });

  it('checks the form: both fields required, the new one of 8 characters at least', async () => {
    const u = await t.signUp();
    const empty = await u.call('POST', '/api/v1/me/password', { body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      current_password: ['This field is required.'],
      new_password: ['This field is required.'],
    });
    const short = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'secret-pass', new_password: '1234567' },
    });
    expect(short.json().errors).toEqual({ new_password: ['At least 8 characters.'] });
  });

  it('counts wrong current passwords as failed sign-ins: after 10 a minute, 429', async () => {
    const u = await t.signUp({ password: 'parola-buna' });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      const r = await u.call('POST', '/api/v1/me/password', {
        body: { current_password: `gresita-${i}`, new_password: 'alta-parola-1' },
      });
      expect(r.statusCode).toBe(422);
    }
    const blocked = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'parola-buna', new_password: 'alta-parola-1' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    clock.advance(61);
    const later = await u.call('POST', '/api/v1/me/password', {
      body: { current_password: 'parola-buna', new_password: 'alta-parola-1' },
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('answers 401 to a stranger', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { current_password: 'x', new_password: 'yyyyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });
});
