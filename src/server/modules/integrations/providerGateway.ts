import type { CourierKey, Credentials, PickupPoint, WizardKey } from '../../../core/api/integrations.js';
import type { SamedayPlace } from '../../../core/api/samedayLocations.js';
import { isProviderError, PROVIDER_LABELS, type ProviderError } from '../../providers/http.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { ProviderRefused, ProviderUnavailable, type IntegrationGateway } from './gateway.js';

/**
 * The integration wizards' view of the provider registry: a login check per provider and the
 * lists to choose from, with the clients' errors turned into "refused" (the provider said no:
 * shown with its reason, nothing stored) or "unavailable" (timeout, 5xx, rate limit).
 */
export function providerGateway(registry: ProviderRegistry): IntegrationGateway {
  const client = (key: WizardKey, c: Record<string, string>, vatCode = '') => {
    switch (key) {
      case 'cargus':
      case 'sameday':
      case 'dpd':
        return registry.courier(key, { username: c.username, password: c.password, ...(key === 'cargus' ? { api_key: c.api_key } : {}) });
      case 'smartbill':
        return registry.invoicing({ username: c.username, token: c.token, vat_code: vatCode });
      case 'vonage':
        return registry.messaging('vonage', { api_key: c.api_key, api_secret: c.api_secret, phone_number: c.phone_number });
      case 'telegram':
        return registry.messaging('telegram', { bot_token: c.bot_token, chat_id: c.chat_id });
    }
  };
  return {
    isEmulated: (key) => registry.isEmulated(key),
    demoCredentials: (key) => registry.demoCredentials(key),
    verify: (key, credentials, vatCode) => translate(key, () => client(key, credentials as Record<string, string>, vatCode).verifyCredentials()),
    pickupPoints: (key: CourierKey, credentials: Credentials) =>
      translate(key, async () => {
        const points = await registry.courier(key, credentials as { username: string; password: string; api_key?: string }).pickupPoints();
        return points.map((p): PickupPoint => ({ id: p.id, name: p.name, address: p.address, ...(p.contact_persons ? { contact_persons: p.contact_persons } : {}) }));
      }),
    invoiceSeries: (credentials, vatCode) => translate('smartbill', async () => (await registry.invoicing({ ...credentials, vat_code: vatCode }).series()).map((s) => s.name)),
    samedayPlaces: (credentials) =>
      translate('sameday', async () => {
        const client = registry.courier('sameday', { username: credentials.username, password: credentials.password });
        const [points, lockers] = await Promise.all([client.pickupPoints(), client.lockers ? client.lockers() : Promise.resolve([])]);
        return {
          pickupPoints: points.map((p): SamedayPlace => ({ id: p.id, name: p.name, address: streetPart(p.address, p.city, p.county), county: p.county ?? '', city: p.city ?? '', postal_code: null, is_default: p.isDefault })),
          lockers: lockers.map((l): SamedayPlace => ({ id: l.id, name: l.name, address: l.address, county: l.county, city: l.city, postal_code: l.postalCode })),
        };
      }),
    vatRates: (credentials, vatCode) => translate('smartbill', async () => (await registry.invoicing({ ...credentials, vat_code: vatCode }).vatRates()).map((r) => ({ name: r.name, percentage: r.percentage }))),
  };
}

/** The address line without the city and county the client appended (the page shows them in their own columns). */
function streetPart(address: string, city?: string | null, county?: string | null): string {
  const suffix = [city, county].filter(Boolean).join(', ');
  return suffix && address.endsWith(`, ${suffix}`) ? address.slice(0, -(suffix.length + 2)) : address;
}

async function translate<T>(key: WizardKey, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!isProviderError(err)) throw err;
    const e = err as ProviderError;
    const name = PROVIDER_LABELS[key];
    // The provider understood and said no: the login (or, for SmartBill, the company's VAT code) is wrong.
    if (e.kind === 'refused_credentials' || e.kind === 'rejected' || e.kind === 'not_found') throw new ProviderRefused(name, e.providerMessage);
    throw new ProviderUnavailable(name, e.providerMessage);
  }
}
