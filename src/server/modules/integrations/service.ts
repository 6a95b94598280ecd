import {
  CREDENTIAL_FIELDS,
  CREDENTIALS_SUFFICE,
  credentialsBody,
  isWizardKey,
  pickupPointBody,
  samedayPickupPointBody,
  seriesBody,
  serviceBody,
  vatAmountBody,
  type CompanyIntegration,
  type CourierKey,
  type CourierServiceOption,
  type Credentials,
  type Integration,
  type IntegrationConfiguration,
  type IntegrationKey,
  type IntegrationType,
  type InvoiceSeries,
  type PickupPoint,
  type ServiceCourierKey,
  type TestResult,
  type VatOption,
  type WizardKey,
} from '../../../core/api/integrations.js';
import { translate } from '../../../core/messages.js';
import type { ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import { isProviderError } from '../../providers/http.js';
import { companyAccountHolder } from './demoAccounts.js';
import type { IntegrationGateway } from './gateway.js';
import {
  callProvider,
  companyTaxId,
  credentialsUnreadable,
  sealContext,
  scrub,
  storedCredentials,
  tryOpenCredentials,
  wizardFailure,
} from './providerAccess.js';
import { providerGateway } from './providerGateway.js';
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

/** The wizards' calls to the providers, on the context's registry. */
const gatewayOf = (ctx: ServiceContext): IntegrationGateway => providerGateway(ctx.providers);

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * The integrations, each saying whether it runs emulated and then its demo account. Asked
 * for a company (X-Company-ID), an emulator whose labels print the account holder (Sameday, DPD, FAN)
 * opens that company its own account, held by the company at its seat, and that login is shown;
 * without a company, the shared demo accounts.
 */
export async function integrationCatalogue(ctx: ServiceContext): Promise<Integration[]> {
  const rows = await listIntegrations(ctx.db.kysely);
  const gateway = gatewayOf(ctx);
  const holder = ctx.companyId ? await companyAccountHolder(ctx.db.kysely, ctx.companyId) : null;
  return Promise.all(
    rows.map(async (r) => {
      const wizard = isWizardKey(r.key);
      const emulated = wizard && gateway.isEmulated(r.key as WizardKey);
      const key = r.key as WizardKey;
      return {
        id: r.id,
        key: r.key as IntegrationKey,
        name: r.name,
        description: r.description,
        type: r.type as IntegrationType,
        emulated,
        demo_credentials: !emulated
          ? null
          : holder
            ? await gateway.demoAccountFor(key, holder)
            : gateway.demoCredentials(key),
        setup_available: wizard,
      };
    }),
  );
}

export async function companyIntegrations(ctx: ServiceContext): Promise<CompanyIntegration[]> {
  const rows = await listCompanyIntegrations(ctx.db.kysely, ctx.companyId);
  return rows.map((r) => toCompanyIntegration(r, gatewayOf(ctx), credentialsUnreadable(ctx, r)));
}

export function configurationOf(row: CompanyIntegrationRow): IntegrationConfiguration {
  return row.configuration ? (JSON.parse(row.configuration) as IntegrationConfiguration) : {};
}

/**
 * Whether the later wizard steps are done: a pickup point (Sameday: and a contact person); FAN: a
 * service; a series and the VAT step.
 */
function configurationComplete(key: string, c: IntegrationConfiguration): boolean {
  switch (key) {
    case 'cargus':
    case 'dpd':
      return Boolean(c.pickup_point_id);
    case 'sameday':
      return Boolean(c.pickup_point_id && c.contact_person_id);
    case 'fan':
      return Boolean(c.service);
    case 'smartbill':
      return Boolean(c.series_name) && c.vat_amount !== undefined;
    default:
      return false;
  }
}

function hasCompleteConfiguration(row: CompanyIntegrationRow, hasCredentials = row.credentials !== null): boolean {
  return CREDENTIALS_SUFFICE.includes(row.key) ? hasCredentials : configurationComplete(row.key, configurationOf(row));
}

/**
 * Usable for work (an AWB, an invoice, a message): active, logged in and every wizard step done.
 * Whether the stored login still opens is found when the provider's client is built (courierFor
 * and its kin answer 409 naming the provider), not here.
 */
export function isUsable(row: CompanyIntegrationRow): boolean {
  return Boolean(row.is_active) && row.credentials !== null && hasCompleteConfiguration(row);
}

/**
 * The API shape: never the credentials, only whether they are set. Messaging providers have
 * nothing to configure, so for them has_configuration follows has_credentials and the spec's rule
 * "configured = credentials + configuration" holds for every integration. A stored login that no
 * longer opens counts as none (`has_credentials: false`, so the set-up is not configured and the
 * page offers it again) and says so (`credentials_unreadable`), so the page can tell why.
 */
export function toCompanyIntegration(
  row: CompanyIntegrationRow,
  gateway: IntegrationGateway,
  unreadable: boolean,
): CompanyIntegration {
  const configuration = configurationOf(row);
  const hasCredentials = row.credentials !== null && !unreadable;
  const hasConfiguration = hasCompleteConfiguration(row, hasCredentials);
  return {
    id: row.id,
    integrations_id: row.integration_id,
    key: row.key as IntegrationKey,
    type: row.type as IntegrationType,
    emulated: isWizardKey(row.key) && gateway.isEmulated(row.key),
    has_credentials: hasCredentials,
    credentials_unreadable: unreadable,
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

/** Every field required; the answer's message is the spec's "fill all fields". */
function parseCredentials<K extends WizardKey>(key: K, body: unknown): Credentials<K> {
  const result = credentialsBody(key).safeParse(body ?? {});
  if (result.success) return result.data as Credentials<K>;
  const fields: Record<string, { key: string; params?: Record<string, number> }[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    const tooLong = issue.code === 'too_big';
    fields[field] ??= [
      tooLong
        ? { key: 'too_long', params: { max: Number((issue as { maximum?: number }).maximum ?? 0) } }
        : { key: 'required' },
    ];
  }
  throw new HttpError(422, 'fill_all_fields', {}, fields);
}

/**
 * Checks the login with the provider, then stores it sealed. A refused login answers 422 with the
 * provider's reason and stores nothing. A login for another account clears the choices of the
 * later steps (pickup points and series belong to an account); the same login again keeps them.
 * A stored login that no longer opens is replaced like any other: as nobody can tell whether it
 * was the same account, its choices are cleared.
 */
export async function saveCredentials<K extends WizardKey>(
  ctx: ServiceContext,
  key: K,
  body: unknown,
): Promise<CompanyIntegration> {
  const credentials = parseCredentials(key, body);
  const integration = await findIntegrationByKey(ctx.db.kysely, key);
  if (!integration) throw notFound();
  // The provider is asked outside the transaction: no row is held while a network call runs.
  const vatCode = await companyTaxId(ctx);
  await callProvider(integration.name, credentials, () => gatewayOf(ctx).verify(key, credentials, vatCode));

  const plain = JSON.stringify(pickFields(key, credentials));
  const store = () =>
    ctx.db.transaction(async (trx) => {
      const existing = await findCompanyIntegrationByKey(trx, ctx.companyId, key, { lock: true });
      const sealed = ctx.secrets.seal(plain, sealContext(ctx.companyId, key));
      if (!existing) {
        return insertCompanyIntegration(trx, {
          company_id: ctx.companyId,
          integration_id: integration.id,
          credentials: sealed,
          configuration: null,
          is_active: 1,
          now: ctx.now,
        });
      }
      const sameAccount = existing.credentials !== null && tryOpenCredentials(ctx, existing) === plain;
      await updateCompanyIntegration(trx, existing.id, {
        credentials: sealed,
        configuration: sameAccount ? existing.configuration : null,
        now: ctx.now,
      });
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
  return readBack(ctx, id);
}

/** Only the wizard's fields, in their order (the same login always seals the same text). */
function pickFields<K extends WizardKey>(key: K, credentials: Credentials<K>): Credentials<K> {
  const out: Record<string, string> = {};
  for (const f of CREDENTIAL_FIELDS[key]) out[f] = (credentials as Record<string, string>)[f];
  return out as Credentials<K>;
}

async function readBack(ctx: ServiceContext, id: number): Promise<CompanyIntegration> {
  const row = await findCompanyIntegration(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  return toCompanyIntegration(row, gatewayOf(ctx), credentialsUnreadable(ctx, row));
}

// ---------------------------------------------------------------------------------------------
// Step 2 (couriers): pickup point, and Sameday's contact person

export async function pickupPoints(
  ctx: ServiceContext,
  key: CourierKey,
): Promise<{ data: PickupPoint[]; selected: IntegrationConfiguration }> {
  const { row, credentials } = await storedCredentials(ctx, key);
  const points = await callProvider(providerName(row), credentials, () =>
    gatewayOf(ctx).pickupPoints(key, credentials),
  );
  const c = configurationOf(row);
  return { data: points, selected: { pickup_point_id: c.pickup_point_id, contact_person_id: c.contact_person_id } };
}

/** The choice must be one of the provider's current list (fetched again: the browser's copy is not trusted). */
export async function choosePickupPoint(
  ctx: ServiceContext,
  key: CourierKey,
  body: unknown,
): Promise<CompanyIntegration> {
  const input =
    key === 'sameday'
      ? parse(samedayPickupPointBody, body)
      : { ...parse(pickupPointBody, body), contact_person_id: undefined };
  const { row, credentials } = await storedCredentials(ctx, key);
  const points = await callProvider(providerName(row), credentials, () =>
    gatewayOf(ctx).pickupPoints(key, credentials),
  );
  const point = points.find((p) => p.id === input.pickup_point_id);
  if (!point) throw FieldProblems.one('pickup_point_id', 'invalid_pickup_point');
  const choice: IntegrationConfiguration = { pickup_point_id: point.id, pickup_point_name: point.name };
  if (key === 'sameday') {
    const person = point.contact_persons?.find((p) => p.id === input.contact_person_id);
    if (!person) throw FieldProblems.one('contact_person_id', 'invalid_contact_person');
    choice.contact_person_id = person.id;
    choice.contact_person_name = person.name;
  }
  return saveConfiguration(ctx, row.id, choice);
}

/** Merges a step's choice into the configuration, inside a transaction on the locked row. */
async function saveConfiguration(
  ctx: ServiceContext,
  id: number,
  choice: IntegrationConfiguration,
): Promise<CompanyIntegration> {
  await ctx.db.transaction(async (trx) => {
    const row = await findCompanyIntegration(trx, ctx.companyId, id, { lock: true });
    if (!row) throw notFound();
    await updateCompanyIntegration(trx, id, {
      configuration: JSON.stringify({ ...configurationOf(row), ...choice }),
      now: ctx.now,
    });
  });
  return readBack(ctx, id);
}

const providerName = (row: CompanyIntegrationRow) => row.name;

// ---------------------------------------------------------------------------------------------
// Step 2 (FAN): the service of the contract

async function fetchServices(
  ctx: ServiceContext,
  key: ServiceCourierKey,
): Promise<{ row: CompanyIntegrationRow; services: CourierServiceOption[] }> {
  const { row, credentials } = await storedCredentials(ctx, key);
  const services = await callProvider(providerName(row), credentials, () =>
    gatewayOf(ctx).courierServices(key, credentials),
  );
  return { row, services };
}

export async function courierServices(
  ctx: ServiceContext,
  key: ServiceCourierKey,
): Promise<{ data: CourierServiceOption[]; selected: string | null }> {
  const { row, services } = await fetchServices(ctx, key);
  return { data: services, selected: configurationOf(row).service ?? null };
}

/**
 * The service must be one of the contract's current list (fetched again). With it is kept the
 * contract's service that carries cash on delivery: the chosen one if it does, else the contract's
 * plain collector service ("Cont Colector"), else null, so that an AWB with cash on delivery is
 * refused before the courier is asked rather than by the courier after a claim.
 */
export async function chooseService(
  ctx: ServiceContext,
  key: ServiceCourierKey,
  body: unknown,
): Promise<CompanyIntegration> {
  const input = parse(serviceBody, body);
  const { row, services } = await fetchServices(ctx, key);
  const service = services.find((s) => s.id === input.service) ?? services.find((s) => s.name === input.service);
  if (!service) throw FieldProblems.one('service', 'invalid_service');
  const collector = service.cash_on_delivery
    ? service
    : (services.find((s) => s.cash_on_delivery && /^cont colector$/i.test(s.name.trim())) ?? null);
  return saveConfiguration(ctx, row.id, { service: service.id, cod_service: collector?.id ?? null });
}

// ---------------------------------------------------------------------------------------------
// SmartBill steps 2 and 3: series, VAT

async function fetchSeries(ctx: ServiceContext): Promise<{ row: CompanyIntegrationRow; series: InvoiceSeries[] }> {
  const { row, credentials } = await storedCredentials(ctx, 'smartbill');
  const vatCode = await companyTaxId(ctx);
  const names = await callProvider(providerName(row), credentials, () =>
    gatewayOf(ctx).invoiceSeries(credentials, vatCode),
  );
  return { row, series: names.map((name, i) => ({ id: i + 1, name })) };
}

export async function invoiceSeries(ctx: ServiceContext): Promise<{ data: InvoiceSeries[]; selected: string | null }> {
  const { row, series } = await fetchSeries(ctx);
  return { data: series, selected: configurationOf(row).series_name ?? null };
}

export async function chooseSeries(ctx: ServiceContext, body: unknown): Promise<CompanyIntegration> {
  const input = parse(seriesBody, body);
  const { row, series } = await fetchSeries(ctx);
  const found = series.find((s) => s.name === input.series_name);
  if (!found) throw FieldProblems.one('series_name', 'invalid_series');
  return saveConfiguration(ctx, row.id, { series_name: found.name });
}

async function fetchVatRates(ctx: ServiceContext): Promise<{ row: CompanyIntegrationRow; rates: VatOption[] }> {
  const { row, credentials } = await storedCredentials(ctx, 'smartbill');
  const vatCode = await companyTaxId(ctx);
  const rates = await callProvider(providerName(row), credentials, () => gatewayOf(ctx).vatRates(credentials, vatCode));
  return { row, rates };
}

export async function vatRates(ctx: ServiceContext): Promise<{ data: VatOption[]; selected: string | null }> {
  const { row, rates } = await fetchVatRates(ctx);
  return { data: rates, selected: configurationOf(row).vat_amount ?? null };
}

/**
 * The VAT step: a rate of SmartBill's list, given by its percentage (as text, "21") or its name
 * ("Normala"), or null for none (each product's own rate then applies).
 */
export async function chooseVatRate(ctx: ServiceContext, body: unknown): Promise<CompanyIntegration> {
  const input = parse(vatAmountBody, body);
  const { row, rates } = await fetchVatRates(ctx);
  if (input.vat_amount === null) return saveConfiguration(ctx, row.id, { vat_amount: null, vat_name: null });
  const wanted = input.vat_amount.trim().toLowerCase();
  const rate = rates.find((r) => String(r.percentage) === wanted) ?? rates.find((r) => r.name.toLowerCase() === wanted);
  if (!rate) throw FieldProblems.one('vat_amount', 'invalid_vat_amount');
  return saveConfiguration(ctx, row.id, { vat_amount: String(rate.percentage), vat_name: rate.name });
}

// ---------------------------------------------------------------------------------------------
// Configured integrations: toggle, delete, test

export async function toggleStatus(ctx: ServiceContext, id: number): Promise<CompanyIntegration> {
  await ctx.db.transaction(async (trx) => {
    const row = await findCompanyIntegration(trx, ctx.companyId, id, { lock: true });
    if (!row) throw notFound();
    await updateCompanyIntegration(trx, id, { is_active: row.is_active ? 0 : 1, now: ctx.now });
  });
  return readBack(ctx, id);
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
export async function testIntegration(ctx: ServiceContext, id: number): Promise<TestResult> {
  const row = await findCompanyIntegration(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  if (!isWizardKey(row.key)) throw new HttpError(422, 'integration_no_setup');
  const { credentials } = await storedCredentials(ctx, row.key);
  const provider = providerName(row);
  try {
    await gatewayOf(ctx).verify(row.key, credentials, await companyTaxId(ctx));
    return { ok: true, message: translate(ctx.lang, 'provider_test_ok', { provider }) };
  } catch (err) {
    if (!isProviderError(err)) throw err;
    return {
      ok: false,
      message: translate(ctx.lang, wizardFailure(err).key, {
        provider,
        reason: scrub(err.providerMessage, credentials),
      }),
    };
  }
}
