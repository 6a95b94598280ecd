import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/errors.js';
import { ProviderError } from '../../providers/http.js';

/** An uncaught provider error reaches the user as a clear message naming the provider, in their language. */
describe('provider errors in answers', () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/refused', async () => {
    throw new ProviderError('sameday', 'rejected', 'awbRecipient.city: Invalid city.', { status: 400 });
  });
  app.get('/slow', async () => {
    throw new ProviderError('smartbill', 'rate_limited', 'too many', { status: 429, retryAfterSeconds: 2 });
  });
  app.get('/down', async () => {
    throw new ProviderError('dpd', 'unavailable', 'HTTP 503', { status: 503 });
  });

  it("a refusal is a 422 with the provider's own reason, in English and in Romanian", async () => {
    const en = await app.inject({ method: 'GET', url: '/refused', headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      message: 'Sameday refused the request: awbRecipient.city: Invalid city.',
      provider: 'sameday',
      provider_error: 'rejected',
    });
    const ro = await app.inject({ method: 'GET', url: '/refused', headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toBe('Sameday a refuzat cererea: awbRecipient.city: Invalid city.');
  });

  it('a provider that is down is a 502, a rate limit a 503 with Retry-After; no stack in the body', async () => {
    const down = await app.inject({ method: 'GET', url: '/down', headers: { 'accept-language': 'ro' } });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('DPD nu este disponibil acum (HTTP 503). Încercați mai târziu.');
    expect(down.body).not.toMatch(/at .*\.ts/);
    const slow = await app.inject({ method: 'GET', url: '/slow' });
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBe('2');
    expect(slow.json().message).toMatch(/^SmartBill /);
  });
});
