import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../providers/http.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { ProviderRefused, ProviderUnavailable } from './gateway.js';
import { providerGateway } from './providerGateway.js';

/** A registry whose clients fail with the given error (or answer), recording what they were built with. */
function registryFailingWith(error: unknown) {
  const built: unknown[] = [];
  const client = { verifyCredentials: () => Promise.reject(error), pickupPoints: () => Promise.reject(error), series: () => Promise.reject(error), vatRates: () => Promise.reject(error) };
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

describe('providerGateway', () => {
  it('turns a refusal by the provider into ProviderRefused with its words', async () => {
    for (const kind of ['refused_credentials', 'rejected'] as const) {
      const { registry } = registryFailingWith(new ProviderError('cargus', kind, 'Failed to authenticate!'));
      const err = await providerGateway(registry).verify('cargus', { username: 'a', password: 'b', api_key: 'c' }, 'RO1').catch((e) => e);
      expect(err).toBeInstanceOf(ProviderRefused);
      expect(err).toMatchObject({ provider: 'Cargus', reason: 'Failed to authenticate!' });
    }
  });

  it('turns a timeout, an outage or a rate limit into ProviderUnavailable', async () => {
    for (const kind of ['timeout', 'unavailable', 'rate_limited'] as const) {
      const { registry } = registryFailingWith(new ProviderError('smartbill', kind, 'no answer in 15 s'));
      const err = await providerGateway(registry).invoiceSeries({ username: 'a', token: 'b' }, 'RO1').catch((e) => e);
      expect(err, kind).toBeInstanceOf(ProviderUnavailable);
      expect(err.reason).toBe('no answer in 15 s');
    }
  });

  it('lets any other error through, and gives SmartBill the company VAT code', async () => {
    const { registry, built } = registryFailingWith(new TypeError('bug'));
    await expect(providerGateway(registry).verify('smartbill', { username: 'u', token: 't' }, 'RO14399840')).rejects.toBeInstanceOf(TypeError);
    expect(built).toEqual([{ username: 'u', token: 't', vat_code: 'RO14399840' }]);
  });
});
