import { registerMessages } from '../../core/messages.js';
import { PROVIDER_LABELS, type ProviderError, type ProviderErrorKind } from './http.js';

/**
 * A provider's failure as the user reads it: in their language, naming the provider, with the
 * provider's own reason where it gave one; and the HTTP status the console answers with.
 */

registerMessages({
  en: {
    provider_error_refused_credentials:
      '{{provider}} did not accept the saved credentials ({{reason}}). Check the integration settings.',
    provider_error_rejected: '{{provider}} refused the request: {{reason}}',
    provider_error_not_found: '{{provider}} does not know this document: {{reason}}',
    provider_error_timeout: '{{provider}} did not answer in time. Try again in a moment.',
    provider_error_unavailable: '{{provider}} is not available right now ({{reason}}). Try again later.',
    provider_error_rate_limited: '{{provider}} asks us to slow down. Try again in a few seconds.',
  },
  ro: {
    provider_error_refused_credentials:
      '{{provider}} nu a acceptat datele de autentificare salvate ({{reason}}). Verificați setările integrării.',
    provider_error_rejected: '{{provider}} a refuzat cererea: {{reason}}',
    provider_error_not_found: '{{provider}} nu cunoaște acest document: {{reason}}',
    provider_error_timeout: '{{provider}} nu a răspuns la timp. Încercați din nou peste puțin timp.',
    provider_error_unavailable: '{{provider}} nu este disponibil acum ({{reason}}). Încercați mai târziu.',
    provider_error_rate_limited: '{{provider}} cere să reducem ritmul. Încercați din nou peste câteva secunde.',
  },
});

const STATUS: Record<ProviderErrorKind, number> = {
  refused_credentials: 422,
  rejected: 422,
  not_found: 422,
  timeout: 504,
  unavailable: 502,
  rate_limited: 503,
};

/** The catalogue key, params and HTTP status of a provider error. */
export function providerErrorMessage(error: ProviderError): {
  status: number;
  key: string;
  params: Record<string, string>;
} {
  return {
    status: STATUS[error.kind],
    key: `provider_error_${error.kind}`,
    params: { provider: PROVIDER_LABELS[error.provider], reason: error.providerMessage },
  };
}
