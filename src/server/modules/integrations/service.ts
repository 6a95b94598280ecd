import {
  CREDENTIAL_FIELDS,
  CREDENTIALS_SUFFICE,
  PLAIN_FIELDS,
  credentialsBody,
  isWizardKey,
  pickupPointBody,
  samedayPickupPointBody,
  seriesBody,
  vatAmountBody,
  type CompanyIntegration,
  type CourierKey,
  type Credentials,
  type Integration,
  type IntegrationConfiguration,
  type IntegrationKey,
  type IntegrationType,
  type InvoiceSeries,
  type PickupPoint,
  type TestResult,
  type VatOption,
  type WizardKey,
} from '../../../core/api/integrations.js';
import { translate } from '../../../core/messages.js';
import type { ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { PlacesCache } from './samedayLocations.js';
import { ProviderRefused, ProviderUnavailable, type IntegrationGateway } from './gateway.js';
import {
  deleteCompanyIntegration,
  findCompanyIntegration,
  findCompanyIntegrationByKey,
  findIntegrationByKey,
  insertCompanyIntegration,
  listCompanyIntegrations,
  listIntegrations,
  updateCompanyIntegration,
  type CompanyIntegrationRow,
} from './queries.js';

/** What the module needs besides the request's context: the app key's secret box and the providers. */
export interface IntegrationDeps {
  secrets: SecretBox;
  gateway: IntegrationGateway;
  /** The app's cache of Sameday's places (samedayLocations.ts); none: every page asks Sameday. */
  placesCache?: PlacesCache;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The seven integrations, each saying whether it runs emulated (and then its demo account). */
export async function integrationCatalogue(ctx: ServiceContext, deps: IntegrationDeps): Promise<Integration[]> {
  const rows = await listIntegrations(ctx.db.kysely);
  return rows.map((r) => {
    const wizard = isWizardKey(r.key);
    const emulated = wizard && deps.gateway.isEmulated(r.key as WizardKey);
    return {
      id: r.id,
      key: r.key as IntegrationKey,
      name: r.name,
      description: r.description,
      type: r.type as IntegrationType,
      emulated,
      demo_credentials: emulated ? deps.gateway.demoCredentials(r.key as WizardKey) : null,
      setup_available: wizard,
    };
  });
}

export async function companyIntegrations(ctx: ServiceContext, deps: IntegrationDeps): Promise<CompanyIntegration[]> {
  const rows = await listCompanyIntegrations(ctx.db.kysely, ctx.companyId);
  return rows.map((r) => toCompanyIntegration(r, deps));
}

export function configurationOf(row: CompanyIntegrationRow): IntegrationConfiguration {
  return row.configuration ? (JSON.parse(row.configuration) as IntegrationConfiguration) : {};
}

/** Whether the later wizard steps are done: a pickup point (Sameday: and a contact person); a series and the VAT step. */
function configurationComplete(key: string, c: IntegrationConfiguration): boolean {
  switch (key) {
    case 'cargus':
    case 'dpd':
      return Boolean(c.pickup_point_id);
    case 'sameday':
      return Boolean(c.pickup_point_id && c.contact_person_id);
    case 'smartbill':
      return Boolean(c.series_name) && c.vat_amount !== undefined;
    default:
      return false;
  }
}

function hasCompleteConfiguration(row: CompanyIntegrationRow): boolean {
  return CREDENTIALS_SUFFICE.includes(row.key) ? row.credentials !== null : configurationComplete(row.key, configurationOf(row));
}

/** Usable for work (an AWB, an invoice, a message): active, logged in and every wizard step done. */
export function isUsable(row: CompanyIntegrationRow): boolean {
  return Boolean(row.is_active) && row.credentials !== null && hasCompleteConfiguration(row);
}

/**
 * The API shape: never the credentials, only whether they are set. Messaging providers have
 * nothing to configure, so for them has_configuration follows has_credentials and the spec's rule
 * "configured = credentials + configuration" holds for every integration.
 */
export function toCompanyIntegration(row: CompanyIntegrationRow, deps: Pick<IntegrationDeps, 'gateway'>): CompanyIntegration {
  const configuration = configurationOf(row);
  const hasCredentials = row.credentials !== null;
  const hasConfiguration = hasCompleteConfiguration(row);
  return {
    id: row.id,
    integrations_id: row.integration_id,
    key: row.key as IntegrationKey,
    type: row.type as IntegrationType,
    emulated: isWizardKey(row.key) && deps.gateway.isEmulated(row.key),
    has_credentials: hasCredentials,
    has_configuration: hasConfiguration,
    configured: hasCredentials && hasConfiguration,
    is_active: Boolean(row.is_active),
    configuration,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

// ---------------------------------------------------------------------------------------------
// Step 1: login

/** Binds sealed credentials to their company and provider: a value copied elsewhere does not open. */
const sealContext = (companyId: number, key: string) => `company-integration:${companyId}:${key}`;

/** Every field required; the answer's message is the spec's "fill all fields". */
function parseCredentials<K extends WizardKey>(key: K, body: unknown): Credentials<K> {
  const result = credentialsBody(key).safeParse(body ?? {});
  if (result.success) return result.data as Credentials<K>;
  const fields: Record<string, { key: string; params?: Record<string, number> }[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    const tooLong = issue.code === 'too_big';
    fields[field] ??= [tooLong ? { key: 'too_long', params: { max: Number((issue as { maximum?: number }).maximum ?? 0) } } : { key: 'required' }];
  }
  throw new HttpError(422, 'fill_all_fields', {}, fields);
}

/**
 * Checks the login with the provider, then stores it sealed. A refused login answers 422 with the
 * provider's reason and stores nothing. A login for another account clears the choices of the
 * later steps (pickup points and series belong to an account); the same login again keeps them.
 */
export async function saveCredentials<K extends WizardKey>(ctx: ServiceContext, deps: IntegrationDeps, key: K, body: unknown): Promise<CompanyIntegration> {
  const credentials = parseCredentials(key, body);
  const integration = await findIntegrationByKey(ctx.db.kysely, key);
  if (!integration) throw notFound();
  // The provider is asked outside the transaction: no row is held while a network call runs.
  const vatCode = await companyVatCode(ctx);
  await callProvider(integration.name, credentials, () => deps.gateway.verify(key, credentials, vatCode));

  const plain = JSON.stringify(pickFields(key, credentials));
  const store = () =>
    ctx.db.transaction(async (trx) => {
      const existing = await findCompanyIntegrationByKey(trx, ctx.companyId, key, { lock: true });
      const sealed = deps.secrets.seal(plain, sealContext(ctx.companyId, key));
      if (!existing) {
        return insertCompanyIntegration(trx, { company_id: ctx.companyId, integration_id: integration.id, credentials: sealed, configuration: null, is_active: 1, now: ctx.now });
      }
      const sameAccount = existing.credentials !== null && openCredentials(deps, ctx.companyId, existing) === plain;
      await updateCompanyIntegration(trx, existing.id, { credentials: sealed, configuration: sameAccount ? existing.configuration : null, now: ctx.now });
      return existing.id;
    });
  let id: number;
  try {
    id = await store();
  } catch (err) {
    // Two first logins at the same moment: the unique index lets one insert; the other updates it.
    if (!isUniqueViolation(err)) throw err;
    id = await store();
  }
  return readBack(ctx, deps, id);
}

/** Only the wizard's fields, in their order (the same login always seals the same text). */
function pickFields<K extends WizardKey>(key: K, credentials: Credentials<K>): Credentials<K> {
  const out: Record<string, string> = {};
  for (const f of CREDENTIAL_FIELDS[key]) out[f] = (credentials as Record<string, string>)[f];
  return out as Credentials<K>;
}

function openCredentials(deps: Pick<IntegrationDeps, 'secrets'>, companyId: number, row: CompanyIntegrationRow): string {
  return deps.secrets.open(row.credentials!, sealContext(companyId, row.key));
}

/**
 * The stored login of the company for a provider (for the later wizard steps, the test call and
 * the provider registry). 409 when step 1 was not done.
 */
export async function storedCredentials<K extends WizardKey>(ctx: ServiceContext, deps: Pick<IntegrationDeps, 'secrets'>, key: K): Promise<{ row: CompanyIntegrationRow; credentials: Credentials<K> }> {
  const row = await findCompanyIntegrationByKey(ctx.db.kysely, ctx.companyId, key);
  if (!row || row.credentials === null) {
    const integration = await findIntegrationByKey(ctx.db.kysely, key);
    throw new HttpError(409, 'integration_not_logged_in', { provider: integration?.name ?? key });
  }
  return { row, credentials: JSON.parse(openCredentials(deps, ctx.companyId, row)) as Credentials<K> };
}

/**
 * Runs a provider call. A refusal becomes a 422 and an outage a 502, each naming the provider
 * in the user's language; the provider's reason never carries one of the credentials back.
 */
export async function callProvider<T>(provider: string, credentials: object, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderRefused) throw new HttpError(422, 'provider_refused_credentials', { provider, reason: scrub(err.reason, credentials) });
    if (err instanceof ProviderUnavailable) throw new HttpError(502, 'provider_unavailable', { provider, reason: scrub(err.reason, credentials) });
    throw err;
  }
}

/** Masks any secret credential quoted in a provider's text (a bot token sits in Telegram's URLs). */
export function scrub(text: string, credentials: object): string {
  let out = text;
  for (const [field, value] of Object.entries(credentials)) {
    if (!PLAIN_FIELDS.includes(field) && typeof value === 'string' && value.length >= 3) out = out.split(value).join('***');
  }
  return out;
}

async function readBack(ctx: ServiceContext, deps: IntegrationDeps, id: number): Promise<CompanyIntegration> {
  const row = await findCompanyIntegration(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  return toCompanyIntegration(row, deps);
}

// ---------------------------------------------------------------------------------------------
// Step 2 (couriers): pickup point, and Sameday's contact person

export async function pickupPoints(ctx: ServiceContext, deps: IntegrationDeps, key: CourierKey): Promise<{ data: PickupPoint[]; selected: IntegrationConfiguration }> {
  const { row, credentials } = await storedCredentials(ctx, deps, key);
  const points = await callProvider(providerName(row), credentials, () => deps.gateway.pickupPoints(key, credentials));
  const c = configurationOf(row);
  return { data: points, selected: { pickup_point_id: c.pickup_point_id, contact_person_id: c.contact_person_id } };
}

/** The choice must be one of the provider's current list (fetched again: the browser's copy is not trusted). */
export async function choosePickupPoint(ctx: ServiceContext, deps: IntegrationDeps, key: CourierKey, body: unknown): Promise<CompanyIntegration> {
  const input = key === 'sameday' ? parse(samedayPickupPointBody, body) : { ...parse(pickupPointBody, body), contact_person_id: undefined };
  const { row, credentials } = await storedCredentials(ctx, deps, key);
  const points = await callProvider(providerName(row), credentials, () => deps.gateway.pickupPoints(key, credentials));
  const point = points.find((p) => p.id === input.pickup_point_id);
  if (!point) throw FieldProblems.one('pickup_point_id', 'invalid_pickup_point');
  const choice: IntegrationConfiguration = { pickup_point_id: point.id, pickup_point_name: point.name };
  if (key === 'sameday') {
    const person = point.contact_persons?.find((p) => p.id === input.contact_person_id);
    if (!person) throw FieldProblems.one('contact_person_id', 'invalid_contact_person');
    choice.contact_person_id = person.id;
    choice.contact_person_name = person.name;
  }
  return saveConfiguration(ctx, deps, row.id, choice);
}

/** Merges a step's choice into the configuration, inside a transaction on the locked row. */
async function saveConfiguration(ctx: ServiceContext, deps: IntegrationDeps, id: number, choice: IntegrationConfiguration): Promise<CompanyIntegration> {
  await ctx.db.transaction(async (trx) => {
    const row = await findCompanyIntegration(trx, ctx.companyId, id, { lock: true });
    if (!row) throw notFound();
    await updateCompanyIntegration(trx, id, { configuration: JSON.stringify({ ...configurationOf(row), ...choice }), now: ctx.now });
  });
  return readBack(ctx, deps, id);
}

const providerName = (row: CompanyIntegrationRow) => row.name;

// ---------------------------------------------------------------------------------------------
// SmartBill steps 2 and 3: series, VAT

async function companyVatCode(ctx: ServiceContext): Promise<string> {
  const company = await ctx.db.kysely.selectFrom('companies').select('vat_number').where('id', '=', ctx.companyId).executeTakeFirstOrThrow();
  return company.vat_number;
}

async function fetchSeries(ctx: ServiceContext, deps: IntegrationDeps): Promise<{ row: CompanyIntegrationRow; series: InvoiceSeries[] }> {
  const { row, credentials } = await storedCredentials(ctx, deps, 'smartbill');
  const vatCode = await companyVatCode(ctx);
  const names = await callProvider(providerName(row), credentials, () => deps.gateway.invoiceSeries(credentials, vatCode));
  return { row, series: names.map((name, i) => ({ id: i + 1, name })) };
}

export async function invoiceSeries(ctx: ServiceContext, deps: IntegrationDeps): Promise<{ data: InvoiceSeries[]; selected: string | null }> {
  const { row, series } = await fetchSeries(ctx, deps);
  return { data: series, selected: configurationOf(row).series_name ?? null };
}

export async function chooseSeries(ctx: ServiceContext, deps: IntegrationDeps, body: unknown): Promise<CompanyIntegration> {
  const input = parse(seriesBody, body);
  const { row, series } = await fetchSeries(ctx, deps);
  const found = series.find((s) => s.name === input.series_name);
  if (!found) throw FieldProblems.one('series_name', 'invalid_series');
  return saveConfiguration(ctx, deps, row.id, { series_name: found.name });
}

async function fetchVatRates(ctx: ServiceContext, deps: IntegrationDeps): Promise<{ row: CompanyIntegrationRow; rates: VatOption[] }> {
  const { row, credentials } = await storedCredentials(ctx, deps, 'smartbill');
  const vatCode = await companyVatCode(ctx);
  const rates = await callProvider(providerName(row), credentials, () => deps.gateway.vatRates(credentials, vatCode));
  return { row, rates };
}

export async function vatRates(ctx: ServiceContext, deps: IntegrationDeps): Promise<{ data: VatOption[]; selected: string | null }> {
  const { row, rates } = await fetchVatRates(ctx, deps);
  return { data: rates, selected: configurationOf(row).vat_amount ?? null };
}

/**
 * The VAT step: a rate of SmartBill's list, given by its percentage (as text, "21") or its name
 * ("Normala"), or null for none (each product's own rate then applies).
 */
export async function chooseVatRate(ctx: ServiceContext, deps: IntegrationDeps, body: unknown): Promise<CompanyIntegration> {
  const input = parse(vatAmountBody, body);
  const { row, rates } = await fetchVatRates(ctx, deps);
  if (input.vat_amount === null) return saveConfiguration(ctx, deps, row.id, { vat_amount: null, vat_name: null });
  const wanted = input.vat_amount.trim().toLowerCase();
  const rate = rates.find((r) => String(r.percentage) === wanted) ?? rates.find((r) => r.name.toLowerCase() === wanted);
  if (!rate) throw FieldProblems.one('vat_amount', 'invalid_vat_amount');
  return saveConfiguration(ctx, deps, row.id, { vat_amount: String(rate.percentage), vat_name: rate.name });
}

// ---------------------------------------------------------------------------------------------
// Configured integrations: toggle, delete, test

export async function toggleStatus(ctx: ServiceContext, deps: IntegrationDeps, id: number): Promise<CompanyIntegration> {
  await ctx.db.transaction(async (trx) => {
    const row = await findCompanyIntegration(trx, ctx.companyId, id, { lock: true });
    if (!row) throw notFound();
    await updateCompanyIntegration(trx, id, { is_active: row.is_active ? 0 : 1, now: ctx.now });
  });
  return readBack(ctx, deps, id);
}

/** Removes the set-up with its sealed credentials (the row holds them: nothing is left behind). */
export async function removeIntegration(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const row = await findCompanyIntegration(trx, ctx.companyId, id, { lock: true });
    if (!row) throw notFound();
    await deleteCompanyIntegration(trx, id);
  });
}

/** Asks the provider again whether the saved login still works; the answer says why not. */
export async function testIntegration(ctx: ServiceContext, deps: IntegrationDeps, id: number): Promise<TestResult> {
  const row = await findCompanyIntegration(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  if (!isWizardKey(row.key)) throw new HttpError(422, 'integration_no_setup');
  const { credentials } = await storedCredentials(ctx, deps, row.key);
  const provider = providerName(row);
  try {
    await deps.gateway.verify(row.key, credentials, await companyVatCode(ctx));
    return { ok: true, message: translate(ctx.lang, 'provider_test_ok', { provider }) };
  } catch (err) {
    if (err instanceof ProviderRefused) return { ok: false, message: translate(ctx.lang, 'provider_refused_credentials', { provider, reason: scrub(err.reason, credentials) }) };
    if (err instanceof ProviderUnavailable) return { ok: false, message: translate(ctx.lang, 'provider_unavailable', { provider, reason: scrub(err.reason, credentials) }) };
    throw err;
  }
}
