import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/http.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { HttpError } from '../../http/errors.js';
import { callProvider, scrub } from './providerAccess.js';
import { providerGateway } from './providerGateway.js';

/** A registry whose clients fail with the given error (or answer), recording what they were built with. */
function registryFailingWith(error: unknown) {
  const built: unknown[] = [];
  const client = {
    verifyCredentials: () => Promise.reject(error),
    pickupPoints: () => Promise.reject(error),
    series: () => Promise.reject(error),
    vatRates: () => Promise.reject(error),
  };
  const registry = {
    mode: 'emulated',
    isEmulated: () => true,
    demoCredentials: () => ({ username: 'demo' }),
    courier: (_p: string, c: unknown) => (built.push(c), client),
    invoicing: (c: unknown) => (built.push(c), client),
    messaging: (_p: string, c: unknown) => (built.push(c), client),
  } as unknown as ProviderRegistry;
  return { registry, built };
}

describe("a wizard's provider call (providerGateway through callProvider)", () => {
  const credentials = { username: 'a', password: 'secret-pass', api_key: 'c' };

  it("answers 422 with the provider's words when it refuses, its quoted secrets masked", async () => {
    for (const kind of ['refused_credentials', 'rejected', 'not_found'] as const) {
      const { registry } = registryFailingWith(
        new ProviderError('cargus', kind, 'Failed to authenticate secret-pass!'),
      );
      const err = await callProvider('Cargus', credentials, () =>
        providerGateway(registry).verify('cargus', credentials, 'RO1'),
      ).catch((e) => e);
      expect(err, kind).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({
        status: 422,
        key: 'provider_refused_credentials',
        params: { provider: 'Cargus', reason: 'Failed to authenticate ***!' },
      });
    }
  });

  it('masks a secret quoted trimmed or percent-encoded too (as a URL carries it)', () => {
    const typed = { bot_token: ' 42:Tok/en+x ', chat_id: '100200300' };
    expect(scrub('POST https://api.telegram.org/bot42:Tok/en+x/getMe failed for chat 100200300', typed)).toBe(
      'POST https://api.telegram.org/bot***/getMe failed for chat 100200300',
    );
    expect(scrub('GET /account?api_secret=p%40ss%20w', { api_secret: 'p@ss w' })).toBe('GET /account?api_secret=***');
  });

  it('answers 502 to a timeout, an outage or a rate limit', async () => {
    for (const kind of ['timeout', 'unavailable', 'rate_limited'] as const) {
      const { registry } = registryFailingWith(new ProviderError('smartbill', kind, 'no answer in 15 s'));
      const err = await callProvider('SmartBill', {}, () =>
        providerGateway(registry).invoiceSeries({ username: 'a', token: 'b' }, 'RO1'),
      ).catch((e) => e);
      expect(err, kind).toMatchObject({
        status: 502,
        key: 'provider_unavailable',
        params: { reason: 'no answer in 15 s' },
      });
    }
  });

  it('lets any other error through, and gives SmartBill the company VAT code', async () => {
    const { registry, built } = registryFailingWith(new TypeError('bug'));
    await expect(
      callProvider('SmartBill', {}, () =>
        providerGateway(registry).verify('smartbill', { username: 'u', token: 't' }, 'RO14399840'),
      ),
    ).rejects.toBeInstanceOf(TypeError);
    expect(built).toEqual([{ username: 'u', token: 't', vat_code: 'RO14399840' }]);
  });
});
