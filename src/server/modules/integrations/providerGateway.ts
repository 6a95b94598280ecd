import type {
  CourierKey,
  CourierServiceOption,
  Credentials,
  PickupPoint,
  ServiceCourierKey,
  WizardKey,
} from '../../../core/api/integrations.js';
import type { SamedayPlace } from '../../../core/api/samedayLocations.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { IntegrationGateway } from './gateway.js';
import { clientFor } from './providerAccess.js';

/**
 * The integration wizards' view of the provider registry: a login check per provider and the
 * lists to choose from. A provider's failure comes out as its ProviderError; `callProvider`
 * (providerAccess.ts) turns it into what the wizard shows.
 */
export function providerGateway(registry: ProviderRegistry): IntegrationGateway {
  return {
    isEmulated: (key) => registry.isEmulated(key),
    demoCredentials: (key) => registry.demoCredentials(key),
    demoAccountFor: (key, holder) => registry.demoAccountFor(key, holder),
    verify: (key, credentials, vatCode) =>
      clientFor<WizardKey>(registry, key, credentials as Credentials, vatCode).verifyCredentials(),
    pickupPoints: async (key: CourierKey, credentials) => {
      const points = await clientFor<CourierKey>(registry, key, credentials as Credentials<CourierKey>).pickupPoints();
      return points.map((p): PickupPoint => ({
        id: p.id,
        name: p.name,
        address: p.address,
        ...(p.contact_persons ? { contact_persons: p.contact_persons } : {}),
      }));
    },
    courierServices: async (key: ServiceCourierKey, credentials) => {
      const client = clientFor<ServiceCourierKey>(registry, key, credentials as Credentials<ServiceCourierKey>);
      const services = client.contractServices ? await client.contractServices() : [];
      return services.map((s): CourierServiceOption => ({
        id: s.id,
        name: s.name,
        description: s.description,
        cash_on_delivery: s.collectsCod,
      }));
    },
    invoiceSeries: async (credentials, vatCode) =>
      (await clientFor(registry, 'smartbill', credentials, vatCode).series()).map((s) => s.name),
    samedayPlaces: async (credentials) => {
      const client = clientFor(registry, 'sameday', credentials);
      const [points, lockers] = await Promise.all([
        client.pickupPoints(),
        client.lockers ? client.lockers() : Promise.resolve([]),
      ]);
      return {
        pickupPoints: points.map((p): SamedayPlace => ({
          id: p.id,
          name: p.name,
          address: streetPart(p.address, p.city, p.county),
          county: p.county ?? '',
          city: p.city ?? '',
          postal_code: null,
          is_default: p.isDefault,
        })),
        lockers: lockers.map((l): SamedayPlace => ({
          id: l.id,
          name: l.name,
          address: l.address,
          county: l.county,
          city: l.city,
          postal_code: l.postalCode,
        })),
      };
    },
    vatRates: async (credentials, vatCode) =>
      (await clientFor(registry, 'smartbill', credentials, vatCode).vatRates()).map((r) => ({
        name: r.name,
        percentage: r.percentage,
      })),
  };
}

/** The address line without the city and county the client appended (the page shows them in their own columns). */
function streetPart(address: string, city?: string | null, county?: string | null): string {
  const suffix = [city, county].filter(Boolean).join(', ');
  return suffix && address.endsWith(`, ${suffix}`) ? address.slice(0, -(suffix.length + 2)) : address;
}
