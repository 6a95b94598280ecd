import type { Clock } from '../lib/clock.js';
import type { ProvidersConfig, ProvidersMode } from './config.js';
import { memoryTokenStore, type ProviderFetch, type ProviderName, type TokenStore } from './http.js';
import type { ClientDeps } from './shared.js';
import { CargusClient } from './couriers/cargus.js';
import { DpdClient } from './couriers/dpd.js';
import { SamedayClient } from './couriers/sameday.js';
import type { CourierClient, CourierCredentials, CourierProvider } from './couriers/types.js';
import { SmartBillClient } from './invoicing/smartbill.js';
import type { InvoicingClient, InvoicingCredentials } from './invoicing/types.js';
import { TelegramClient } from './messaging/telegram.js';
import type { MessagingClient, TelegramCredentials, VonageCredentials } from './messaging/types.js';
import { VonageClient } from './messaging/vonage.js';
import { BnrClient, type ExchangeRatesClient } from './rates/bnr.js';

/**
 * Builds provider clients from a company's stored credentials. One registry per app (it holds the
 * shared token cache and the transport); the app decorates itself with it as `app.providers`.
 *
 * For the integrations engineer: `registry.courier('sameday', {username, password})`,
 * `registry.invoicing({username, token, vat_code})`, `registry.messaging('vonage', {...})`.
 * Building a client makes no call; the first method call does.
 */
export interface ProviderRegistry {
  readonly mode: ProvidersMode;
  /** True when the provider's calls go to the built-in emulator. */
  isEmulated(provider: ProviderName): boolean;
  /** The emulator's demo account in emulated mode (shown in the wizard, printed at start), else null. */
  demoCredentials(provider: ProviderName): Record<string, string> | null;
  courier(provider: CourierProvider, credentials: CourierCredentials): CourierClient;
  invoicing(credentials: InvoicingCredentials): InvoicingClient;
  messaging(provider: 'vonage', credentials: VonageCredentials): MessagingClient;
  messaging(provider: 'telegram', credentials: TelegramCredentials): MessagingClient;
  /** The BNR's daily reference rates (public: no credentials). */
  exchangeRates(): ExchangeRatesClient;
}

export interface RegistryDeps {
  config: ProvidersConfig;
  clock: Clock;
  /** The transport: the emulators in process (injectFetch(app.emulatorHost)) in emulated mode, else the global fetch. */
  fetch?: ProviderFetch;
  tokens?: TokenStore;
  /** The emulators' demo accounts (emulated mode). */
  demoAccounts?: Partial<Record<ProviderName, Record<string, string>>>;
}

export function createProviderRegistry(deps: RegistryDeps): ProviderRegistry {
  const tokens = deps.tokens ?? memoryTokenStore();
  const clientDeps = (provider: ProviderName): ClientDeps => ({
    baseUrl: deps.config.baseUrls[provider],
    clock: deps.clock,
    tokens,
    http: { fetch: deps.fetch, timeoutMs: deps.config.timeoutMs },
  });
  const emulated = deps.config.mode === 'emulated';
  return {
    mode: deps.config.mode,
    isEmulated: () => emulated,
    demoCredentials: (provider) => (emulated ? (deps.demoAccounts?.[provider] ?? null) : null),
    courier(provider, credentials) {
      switch (provider) {
        case 'cargus':
          return new CargusClient(credentials, clientDeps('cargus'));
        case 'sameday':
          return new SamedayClient(credentials, clientDeps('sameday'));
        case 'dpd':
          return new DpdClient(credentials, clientDeps('dpd'));
      }
    },
    invoicing: (credentials) => new SmartBillClient(credentials, clientDeps('smartbill')),
    messaging(provider: 'vonage' | 'telegram', credentials: VonageCredentials | TelegramCredentials): MessagingClient {
      return provider === 'vonage'
        ? new VonageClient(credentials as VonageCredentials, clientDeps('vonage'))
        : new TelegramClient(credentials as TelegramCredentials, clientDeps('telegram'));
    },
    exchangeRates: () => new BnrClient(clientDeps('bnr')),
  };
}
