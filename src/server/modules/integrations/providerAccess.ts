import {
  PLAIN_FIELDS,
  type Credentials,
  type IntegrationConfiguration,
  type WizardKey,
} from '../../../core/api/integrations.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { SecretBox } from '../../lib/secrets.js';
import { companyVatCode } from '../companies/index.js';
import { HttpError } from '../../http/errors.js';
import type { CourierClient, CourierProvider } from '../../providers/couriers/types.js';
import { isProviderError, ProviderError, type ProviderErrorKind } from '../../providers/http.js';
import type { InvoicingClient } from '../../providers/invoicing/types.js';
import type { MessagingClient } from '../../providers/messaging/types.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import {
  findCompanyIntegrationByKey,
  findIntegrationByKey,
  listSealedCredentials,
  replaceSealedCredentials,
  type CompanyIntegrationRow,
} from './queries.js';

/**
 * The one way to reach a provider: a ready client for a company, built from its stored login. The
 * sealed credentials are opened here and nowhere else; the client is built by `clientFor`, which
 * the wizards also use for a login not yet stored.
 */

/** A company's account at a provider: its client, its set-up row and a scrubber for the provider's words. */
export interface ProviderAccount<C> {
  client: C;
  row: CompanyIntegrationRow;
  configuration: IntegrationConfiguration;
  /** Masks any stored secret the provider quoted back (its words reach the user). */
  scrub(text: string): string;
  /** The provider's error with its words scrubbed; any other error as it is. */
  scrubbed(err: unknown): unknown;
}

type ClientOf<K extends WizardKey> = K extends CourierProvider
  ? CourierClient
  : K extends 'smartbill'
    ? InvoicingClient
    : MessagingClient;

/** Builds the client of a provider for a login (stored or just typed in the wizard). SmartBill names the company by its VAT code. */
export function clientFor<K extends WizardKey>(
  registry: ProviderRegistry,
  key: K,
  credentials: Credentials<K>,
  vatCode = '',
): ClientOf<K> {
  const c = credentials as Record<string, string>;
  switch (key) {
    case 'cargus':
      return registry.courier('cargus', {
        username: c.username,
        password: c.password,
        api_key: c.api_key,
      }) as ClientOf<K>;
    case 'fan':
      return registry.courier('fan', {
        username: c.username,
        password: c.password,
        client_id: c.client_id,
      }) as ClientOf<K>;
    case 'sameday':
    case 'dpd':
      return registry.courier(key as CourierProvider, { username: c.username, password: c.password }) as ClientOf<K>;
    case 'smartbill':
      return registry.invoicing({ username: c.username, token: c.token, vat_code: vatCode }) as ClientOf<K>;
    case 'vonage':
      return registry.messaging('vonage', {
        api_key: c.api_key,
        api_secret: c.api_secret,
        phone_number: c.phone_number,
      }) as ClientOf<K>;
    default:
      return registry.messaging('telegram', { bot_token: c.bot_token, chat_id: c.chat_id }) as ClientOf<K>;
  }
}

/** Binds sealed credentials to their company and provider: a value copied elsewhere does not open. */
export const sealContext = (companyId: number, key: string) => `company-integration:${companyId}:${key}`;

/**
 * The plain text of a row's sealed login, or null when it does not open: sealed under another
 * APP_KEY (the key was changed without `app-key:rotate`), copied from another company's or
 * provider's row, or changed in the database. The row must hold one.
 */
export function tryOpenCredentials(ctx: ServiceContext, row: CompanyIntegrationRow): string | null {
  try {
    return ctx.secrets.open(row.credentials!, sealContext(row.company_id, row.key));
  } catch {
    return null;
  }
}

/** Whether the row holds a sealed login that no longer opens (the set-up must be done again). */
export const credentialsUnreadable = (ctx: ServiceContext, row: CompanyIntegrationRow): boolean =>
  row.credentials !== null && tryOpenCredentials(ctx, row) === null;

/**
 * The plain text of a row's sealed login (the row must hold one). One that no longer opens is
 * not a fault of the server but a state of the set-up, which the user mends by entering the
 * login again: 409 naming the provider, never a 500.
 */
export function openCredentials(ctx: ServiceContext, row: CompanyIntegrationRow): string {
  const plain = tryOpenCredentials(ctx, row);
  if (plain === null) throw new HttpError(409, 'integration_credentials_unreadable', { provider: row.name });
  return plain;
}

/** What `resealCredentials` did: logins re-sealed, and how many companies they belong to. */
export interface ResealReport {
  resealed: number;
  companies: number;
}

/** Stored logins that do not open with the key they were said to be sealed with: nothing was re-sealed. */
export class CredentialsNotSealedWithKey extends Error {
  constructor(
    /** Each login that did not open, by company and provider name (never its value). */
    public readonly unreadable: { companyId: number; provider: string }[],
    /** How many of them open with the new key already (a rotation run twice). */
    public readonly openWithNewKey: number,
  ) {
    super(`${unreadable.length} stored credentials do not open with the old key`);
  }
}

/**
 * Re-seals every company's stored login from one app key to another, in one transaction: all or
 * nothing. Every value is opened with `from` before anything is written; if one does not open,
 * nothing changes and `CredentialsNotSealedWithKey` names them, so a wrong old key (or a value
 * already unreadable) never leaves some logins under each key. A server still running with the
 * old key seals any login saved after this under the old key: the servers are stopped first.
 */
export function resealCredentials(db: Db, from: SecretBox, to: SecretBox): Promise<ResealReport> {
  return db.transaction(async (trx) => {
    const rows = await listSealedCredentials(trx);
    const opened: { id: number; context: string; plain: string }[] = [];
    const unreadable: typeof rows = [];
    for (const row of rows) {
      const context = sealContext(row.company_id, row.key);
      try {
        opened.push({ id: row.id, context, plain: from.open(row.credentials, context) });
      } catch {
        unreadable.push(row);
      }
    }
    if (unreadable.length) {
      const openWithNewKey = unreadable.filter((row) => {
        try {
          to.open(row.credentials, sealContext(row.company_id, row.key));
          return true;
        } catch {
          return false;
        }
      }).length;
      throw new CredentialsNotSealedWithKey(
        unreadable.map((row) => ({ companyId: row.company_id, provider: row.name })),
        openWithNewKey,
      );
    }
    for (const o of opened) await replaceSealedCredentials(trx, o.id, to.seal(o.plain, o.context));
    return { resealed: rows.length, companies: new Set(rows.map((row) => row.company_id)).size };
  });
}

/**
 * The stored login of the company for a provider. Without one: the caller's error, else 409
 * "log in first" naming the provider; one that no longer opens: 409 "enter it again" naming it.
 */
export async function storedCredentials<K extends WizardKey>(
  ctx: ServiceContext,
  key: K,
  orElse?: () => Error,
  setUps?: readonly CompanyIntegrationRow[],
): Promise<{ row: CompanyIntegrationRow; credentials: Credentials<K> }> {
  const row = setUps
    ? setUps.find((r) => r.key === key && r.company_id === ctx.companyId)
    : await findCompanyIntegrationByKey(ctx.db.kysely, ctx.companyId, key);
  if (!row || row.credentials === null) {
    if (orElse) throw orElse();
    const integration = await findIntegrationByKey(ctx.db.kysely, key);
    throw new HttpError(409, 'integration_not_logged_in', { provider: integration?.name ?? key });
  }
  return { row, credentials: JSON.parse(openCredentials(ctx, row)) as Credentials<K> };
}

/** The company's tax id: SmartBill names the company by it. */
export const companyTaxId = (ctx: ServiceContext): Promise<string> => companyVatCode(ctx.db.kysely, ctx.companyId);

async function accountFor<K extends WizardKey>(
  ctx: ServiceContext,
  key: K,
  orElse?: () => Error,
  setUps?: readonly CompanyIntegrationRow[],
): Promise<ProviderAccount<ClientOf<K>>> {
  const { row, credentials } = await storedCredentials(ctx, key, orElse, setUps);
  const vatCode = key === 'smartbill' ? await companyTaxId(ctx) : '';
  const scrubText = (text: string) => scrub(text, credentials);
  return {
    client: clientFor(ctx.providers, key, credentials, vatCode),
    row,
    configuration: row.configuration ? (JSON.parse(row.configuration) as IntegrationConfiguration) : {},
    scrub: scrubText,
    scrubbed: (err) =>
      isProviderError(err)
        ? new ProviderError(err.provider, err.kind, scrubText(err.providerMessage), {
            status: err.status,
            fieldErrors: err.fieldErrors,
            retryAfterSeconds: err.retryAfterSeconds,
            code: err.code,
          })
        : err,
  };
}

/**
 * The company's courier account (409 without a stored login, unless `orElse` says otherwise).
 * `setUps`: the company's set-ups as the caller already read them (listCompanyIntegrations), so
 * they are not read again.
 */
export const courierFor = (
  ctx: ServiceContext,
  courier: CourierProvider,
  orElse?: () => Error,
  setUps?: readonly CompanyIntegrationRow[],
) => accountFor(ctx, courier, orElse, setUps);
/** The company's SmartBill account (409 without a stored login, unless `orElse` says otherwise). */
export const invoicingFor = (ctx: ServiceContext, orElse?: () => Error) => accountFor(ctx, 'smartbill', orElse);
/** The company's messaging account at Vonage or Telegram (409 without a stored login, unless `orElse` says otherwise). */
export const messagingFor = (ctx: ServiceContext, provider: 'vonage' | 'telegram', orElse?: () => Error) =>
  accountFor(ctx, provider, orElse);

/**
 * Masks any secret credential quoted in a provider's text (a bot token sits in Telegram's URLs):
 * as typed, trimmed (the clients send it trimmed) and percent-encoded (as a URL quotes it).
 */
export function scrub(text: string, credentials: object): string {
  let out = text;
  for (const [field, value] of Object.entries(credentials)) {
    if (PLAIN_FIELDS.includes(field) || typeof value !== 'string') continue;
    for (const form of new Set([value, value.trim(), encodeURIComponent(value.trim())]))
      if (form.length >= 3) out = out.split(form).join('***');
  }
  return out;
}

/** The provider understood the wizard's request and said no: the login (or, for SmartBill, the company's VAT code) is wrong. */
const REFUSED_LOGIN: readonly ProviderErrorKind[] = ['refused_credentials', 'rejected', 'not_found'];

/**
 * The message key a wizard shows for a provider's failure: refused (422, its reason shown, nothing
 * stored) or unavailable (502: timeout, 5xx, rate limit, an unreadable answer).
 */
export function wizardFailure(err: ProviderError): {
  status: 422 | 502;
  key: 'provider_refused_credentials' | 'provider_unavailable';
} {
  return REFUSED_LOGIN.includes(err.kind)
    ? { status: 422, key: 'provider_refused_credentials' }
    : { status: 502, key: 'provider_unavailable' };
}

/**
 * Runs a wizard's provider call. A refusal becomes a 422 and an outage a 502, each naming the
 * provider in the user's language; the provider's reason never carries one of the credentials back.
 */
export async function callProvider<T>(provider: string, credentials: object, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!isProviderError(err)) throw err;
    const failure = wizardFailure(err);
    throw new HttpError(failure.status, failure.key, { provider, reason: scrub(err.providerMessage, credentials) });
  }
}
