import type { Clock } from '../lib/clock.js';
import type { ProvidersConfig, ProvidersMode } from './config.js';
import { memoryTokenStore, type ProviderName, type TokenStore } from './http.js';
import type { ProviderFetch } from './transport.js';
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
  /**
   * The demo login to show one seller in emulated mode, else null: a courier whose label prints the
   * account holder (Sameday, DPD) opens the seller its own account (once), the others answer the
   * shared demo account.
   */
  demoAccountFor(provider: ProviderName, holder: DemoAccountHolder): Promise<Record<string, string> | null>;
  courier(provider: CourierProvider, credentials: CourierCredentials): CourierClient;
  invoicing(credentials: InvoicingCredentials): InvoicingClient;
  messaging(provider: 'vonage', credentials: VonageCredentials): MessagingClient;
  messaging(provider: 'telegram', credentials: TelegramCredentials): MessagingClient;
  /** The BNR's daily reference rates (public: no credentials). */
  exchangeRates(): ExchangeRatesClient;
}

/**
 * The seller a demo account is opened for (emulated mode), as a courier's contract names its client:
 * `ref` is stable for the seller (`company-<id>`), the rest its current details.
 */
export interface DemoAccountHolder {
  ref: string;
  name: string;
  contact: string;
  address: string | null;
  city: string | null;
  county: string | null;
}

export interface RegistryDeps {
  config: ProvidersConfig;
  clock: Clock;
  /** The transport: the emulators in process (injectFetch(app.emulatorHost)) in emulated mode, else the network (networkFetch). */
  fetch?: ProviderFetch;
  tokens?: TokenStore;
  /** The emulators' demo accounts (emulated mode). */
  demoAccounts?: Partial<Record<ProviderName, Record<string, string>>>;
  /** Opens a seller's own account at an emulator that opens them (emulated mode); null where it does not. */
  openDemoAccount?: (provider: ProviderName, holder: DemoAccountHolder) => Promise<Record<string, string> | null>;
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
    async demoAccountFor(provider, holder) {
      if (!emulated) return null;
      const own = deps.openDemoAccount ? await deps.openDemoAccount(provider, holder) : null;
      return own ?? deps.demoAccounts?.[provider] ?? null;
    },
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
