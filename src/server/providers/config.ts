import { PROVIDER_NAMES, type ProviderName } from './http.js';

/**
 * Where the provider clients send their calls.
 *
 * - `PROVIDERS=emulated` (the default): every provider is the emulator mounted inside the app under
 *   `/emulators/<provider>`; calls go to it in process (no network, no port needed).
 * - `PROVIDERS=live`: the real hosts below, each overridable by `<PROVIDER>_BASE_URL` (for example
 *   `SAMEDAY_BASE_URL=https://sameday-api.demo.zitec.com` for Sameday's demo environment).
 *   `PROVIDER_TIMEOUT_MS` sets the time limit of one call (default 15000).
 */
export type ProvidersMode = 'emulated' | 'live';

export interface ProvidersConfig {
  mode: ProvidersMode;
  baseUrls: Record<ProviderName, string>;
  timeoutMs: number;
}

/** The production hosts, as the providers' own plugins and SDKs use them. */
export const PRODUCTION_BASE_URLS: Record<ProviderName, string> = {
  cargus: 'https://urgentcargus.azure-api.net/api',
  sameday: 'https://api.sameday.ro',
  dpd: 'https://api.dpd.ro/v1',
  fan: 'https://api.fancourier.ro',
  smartbill: 'https://ws.smartbill.ro/SBORO/api',
  vonage: 'https://rest.nexmo.com',
  telegram: 'https://api.telegram.org',
  bnr: 'https://www.bnr.ro',
  // Every shop is its own host: the client is built on the connector's store_url (registry.ts).
  woocommerce: '',
  shopify: '',
  // eMAG Marketplace RO (BG: marketplace-api.emag.bg, HU: marketplace-api.emag.hu), API v4.
  emag: 'https://marketplace-api.emag.ro/api-3',
};

/** Where each emulator is mounted in the app. */
export const EMULATOR_PREFIX = '/emulators';

/**
 * The path under an emulator's mount that plays the provider's base URL (the part of the real
 * base URL after the host), so the client appends the same paths in both modes.
 */
export const EMULATOR_BASE_PATHS: Record<ProviderName, string> = {
  cargus: '/api',
  sameday: '',
  dpd: '/v1',
  fan: '',
  smartbill: '/SBORO/api',
  vonage: '',
  telegram: '',
  bnr: '',
  woocommerce: '',
  shopify: '',
  emag: '/api-3',
};

/** The base URL a client uses to reach an emulator mounted at `origin` + /emulators/<provider>. */
export function emulatorBaseUrl(provider: ProviderName, origin = 'http://emulators.local'): string {
  return `${origin.replace(/\/+$/, '')}${EMULATOR_PREFIX}/${provider}${EMULATOR_BASE_PATHS[provider]}`;
}

export function loadProvidersConfig(env: NodeJS.ProcessEnv = process.env): ProvidersConfig {
  const raw = (env.PROVIDERS ?? 'emulated').trim().toLowerCase();
  if (raw !== 'emulated' && raw !== 'live')
    throw new Error(`PROVIDERS must be "emulated" or "live", not "${env.PROVIDERS}"`);
  const timeoutMs = Number(env.PROVIDER_TIMEOUT_MS ?? 15_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
    throw new Error('PROVIDER_TIMEOUT_MS must be a positive number of milliseconds');
  const baseUrls = {} as Record<ProviderName, string>;
  for (const p of PROVIDER_NAMES) {
    baseUrls[p] =
      raw === 'live' ? env[`${p.toUpperCase()}_BASE_URL`]?.trim() || PRODUCTION_BASE_URLS[p] : emulatorBaseUrl(p);
  }
  return { mode: raw, baseUrls, timeoutMs };
}
