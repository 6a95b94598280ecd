import type { ProvidersMode } from './config.js';
import type { ProviderName } from './http.js';
import type { CourierClient, CourierCredentials, CourierProvider } from './couriers/types.js';
import type { InvoicingClient, InvoicingCredentials } from './invoicing/types.js';
import type { MessagingClient, TelegramCredentials, VonageCredentials } from './messaging/types.js';

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
}
