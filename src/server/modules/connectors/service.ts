import {
  CONNECTOR_TYPES,
  connectorSettingsBody,
  connectorTypeBody,
  type Connector,
  type ConnectedShop,
  type ConnectorForm,
  type ConnectorType,
  type ConnectorUpdate,
} from '../../../core/api/connectors.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, notFound, parse } from '../../http/errors.js';
import { removeJob, runJobNow } from '../../jobs/queue.js';
import { isProviderError } from '../../providers/http.js';
import type { DemoShopProduct } from '../../providers/registry.js';
import { companyCatalogue } from '../products/index.js';
import { findCompanySource } from '../sources/index.js';
import {
  connectorOfSource,
  connectorsOfCompany,
  deleteConnector,
  failedUpdates,
  insertConnector,
  outboxCounts,
  updateConnector,
  type ConnectorRow,
} from './queries.js';
import { hasWebhooks, shopKind, type ShopConnection, type ShopSecrets } from './shops/index.js';

/**
 * A source's shop connector: set (the keys checked against the shop, sealed, the webhooks
 * registered), shown (never a secret), removed (the webhooks removed at the shop), pulled now.
 * What differs from one shop to another is its kind (shops/): this is the same for all.
 */

/** Binds the sealed keys to their source: a value copied into another row does not open there. */
const sealContext = (sourceId: number) => `shop-connector:${sourceId}`;

export const pullJobKey = (connectorId: number) => `shop_pull:${connectorId}`;
export const PULL_JOB_KIND = 'shop_pull';

export const webhookUrl = (ctx: ServiceContext, type: string, sourceId: number) =>
  `${(ctx.publicUrl ?? 'http://localhost').replace(/\/+$/, '')}/api/v1/hooks/${type}/${sourceId}`;

export function openSecrets(ctx: ServiceContext, row: ConnectorRow): ShopSecrets {
  return JSON.parse(ctx.secrets.open(row.credentials, sealContext(row.source_id))) as ShopSecrets;
}

/** A connector with its keys opened, for its kind to talk to the shop (409 when they no longer open). */
export function connectionOf(ctx: ServiceContext, row: ConnectorRow): ShopConnection {
  try {
    return { row, secrets: openSecrets(ctx, row) };
  } catch {
    throw new HttpError(409, 'integration_credentials_unreadable', { provider: shopKind(row.type).label });
  }
}

/** The connector's keys, or none when they do not open (to mask them in a shop's words). */
export function secretsOrNone(ctx: ServiceContext, row: ConnectorRow): ShopSecrets {
  try {
    return openSecrets(ctx, row);
  } catch {
    return {};
  }
}

/** A provider's words with the stored secrets masked (they reach the user). */
export function scrub(text: string, secrets: Partial<ShopSecrets>): string {
  let out = text;
  for (const s of Object.values(secrets)) if (s && s.length >= 4) out = out.split(s).join('••••');
  return out;
}

/** The company's source, or 404 (another company's source is not found either). */
async function companySource(ctx: ServiceContext, sourceId: number): Promise<number> {
  const id = await findCompanySource(ctx.db.kysely, ctx.companyId, { id: sourceId });
  if (id === undefined) throw notFound();
  return id;
}

async function companyConnector(ctx: ServiceContext, sourceId: number): Promise<ConnectorRow> {
  await companySource(ctx, sourceId);
  const row = await connectorOfSource(ctx.db.kysely, ctx.companyId, sourceId);
  if (!row) throw new HttpError(404, 'connector_not_found');
  return row;
}

const updateView = (r: Awaited<ReturnType<typeof failedUpdates>>[number]): ConnectorUpdate => ({
  id: r.id,
  kind: r.kind as ConnectorUpdate['kind'],
  ref: r.ref,
  order_id: r.order_id,
  state: r.state as ConnectorUpdate['state'],
  attempts: r.attempts,
  last_error: r.last_error,
  created_at: Number(r.created_at),
});

export async function connectorView(ctx: ServiceContext, row: ConnectorRow): Promise<Connector> {
  const { waiting } = await outboxCounts(ctx.db.kysely, row.id);
  return {
    type: row.type as ConnectorType,
    store_url: row.store_url,
    emulated: row.emulated === 1,
    state: row.state === 'error' ? 'error' : 'ok',
    last_sync_at: row.last_sync_at === null ? null : Number(row.last_sync_at),
    last_error: row.last_error,
    orders_in: row.orders_in,
    updates_waiting: waiting,
    updates_failed: (await failedUpdates(ctx.db.kysely, row.id)).map(updateView),
    cancel_in_shop: row.cancel_in_shop === 1,
    webhook_url: hasWebhooks(row.type) ? webhookUrl(ctx, row.type, row.source_id) : null,
    demo: row.emulated === 1 ? (ctx.providers.demoCredentials(row.type as ConnectorType) ?? null) : null,
    created_at: Number(row.created_at),
  };
}

/** `GET /api/v1/source/{id}/connector`. */
export async function getConnector(ctx: ServiceContext, sourceId: number): Promise<Connector> {
  return connectorView(ctx, await companyConnector(ctx, sourceId));
}

/** `GET /api/v1/connectors`: the company's connected sources, in one read (the sources list marks them). */
export async function listConnectedShops(ctx: ServiceContext): Promise<ConnectedShop[]> {
  return (await connectorsOfCompany(ctx.db.kysely, ctx.companyId)).map((row) => ({
    source_id: row.source_id,
    type: row.type as ConnectorType,
    emulated: row.emulated === 1,
    state: row.state === 'error' ? 'error' : 'ok',
  }));
}

/** `GET /api/v1/source/{id}/connector/form`: whether the shops are emulated, their demo keys, the webhook addresses. */
export async function connectorForm(ctx: ServiceContext, sourceId: number): Promise<ConnectorForm> {
  await companySource(ctx, sourceId);
  const emulated = CONNECTOR_TYPES.some((type) => ctx.providers.isEmulated(type));
  const demo: ConnectorForm['demo'] = {};
  const webhookUrls: ConnectorForm['webhook_urls'] = {};
  for (const type of CONNECTOR_TYPES) {
    const keys = ctx.providers.isEmulated(type) ? ctx.providers.demoCredentials(type) : null;
    if (keys) demo[type] = keys;
    if (hasWebhooks(type)) webhookUrls[type] = webhookUrl(ctx, type, sourceId);
  }
  return { emulated, demo: emulated ? demo : null, webhook_urls: webhookUrls };
}

/** The seller's catalogue as a new emulated shop sells it: its first 50 top-level products, each with its variations. */
async function demoCatalogue(ctx: ServiceContext): Promise<DemoShopProduct[]> {
  const products = await companyCatalogue(ctx.db.kysely, ctx.companyId, 50);
  return products
    .filter((p) => p.parent_id === null)
    .map((p) => {
      const variations = products.filter((v) => v.parent_id === p.id);
      return {
        sku: p.sku,
        name: p.name,
        price: p.selling_price ?? 0,
        stock: p.stock,
        ...(variations.length
          ? {
              variations: variations.map((v) => ({
                sku: v.sku,
                name: v.name,
                price: v.selling_price ?? p.selling_price ?? 0,
                stock: v.stock,
              })),
            }
          : {}),
      };
    });
}

/**
 * `POST /api/v1/source/{id}/connector`: the keys are checked against the shop (422 with its words
 * when refused), sealed, the shop's webhooks registered (a refusal there leaves the connector set,
 * in error, and the safety pull brings the orders anyway), a first pull scheduled at once.
 */
export async function connect(ctx: ServiceContext, sourceId: number, body: unknown): Promise<Connector> {
  await companySource(ctx, sourceId);
  const { type } = parse(connectorTypeBody, body);
  const kind = shopKind(type);
  const input = kind.parseConnect(body);
  if (await connectorOfSource(ctx.db.kysely, ctx.companyId, sourceId)) throw new HttpError(409, 'connector_exists');
  const emulated = ctx.providers.isEmulated(kind.type);
  try {
    await kind.checkCredentials(ctx, input.address, input.secrets, emulated);
  } catch (err) {
    if (isProviderError(err)) throw kind.refusal(err);
    throw err;
  }
  const secrets: ShopSecrets = { ...input.secrets, ...(kind.madeSecrets?.() ?? {}) };
  let id: number;
  try {
    id = await insertConnector(ctx.db.kysely, {
      company_id: ctx.companyId,
      source_id: sourceId,
      type: kind.type,
      store_url: input.address,
      credentials: ctx.secrets.seal(JSON.stringify(secrets), sealContext(sourceId)),
      webhook_ids: '[]',
      emulated: emulated ? 1 : 0,
      cancel_in_shop: input.cancelInShop ? 1 : 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'connector_exists');
    throw err;
  }
  const row = await connectorOfSource(ctx.db.kysely, ctx.companyId, sourceId);
  if (!row) throw new HttpError(404, 'connector_not_found');
  const conn: ShopConnection = { row, secrets };
  // A new emulated shop holds the seller's catalogue and a few orders of the last day.
  if (emulated && ctx.providers.demoShops && kind.prepareEmulated)
    await kind.prepareEmulated(ctx, conn, await demoCatalogue(ctx));
  let ids: string[] = [];
  let error: string | null = null;
  if (kind.registerWebhooks) {
    try {
      ids = await kind.registerWebhooks(ctx, conn, webhookUrl(ctx, kind.type, sourceId));
    } catch (err) {
      if (!isProviderError(err)) throw err;
      error = scrub(err.providerMessage, secrets);
    }
  }
  await updateConnector(ctx.db.kysely, id, {
    webhook_ids: JSON.stringify(ids),
    ...(error ? { state: 'error', last_error: error } : {}),
    updated_at: ctx.now,
  });
  await runJobNow(ctx.db.kysely, { kind: PULL_JOB_KIND, key: pullJobKey(id), payload: { connector: id } }, ctx.now);
  return getConnector(ctx, sourceId);
}

/** The webhooks' ids at the shop as stored (numbers before every kind kept them as text). */
export const webhookIdsOf = (row: ConnectorRow): string[] =>
  (JSON.parse(row.webhook_ids) as (string | number)[]).map(String);

/** `DELETE /api/v1/source/{id}/connector`: the webhooks removed at the shop (as far as it answers), the connector gone. */
export async function disconnect(ctx: ServiceContext, sourceId: number): Promise<void> {
  const row = await companyConnector(ctx, sourceId);
  const kind = shopKind(row.type);
  try {
    if (kind.removeWebhooks) await kind.removeWebhooks(ctx, connectionOf(ctx, row), webhookIdsOf(row));
  } catch (err) {
    // A shop that does not answer (or keys that no longer open) does not keep the seller connected:
    // its webhooks then reach a source with no connector, which answers 401 and stores nothing.
    if (!isProviderError(err) && !(err instanceof HttpError)) throw err;
  }
  await ctx.db.transaction(async (trx) => {
    await deleteConnector(trx, row.id);
    await removeJob(trx, pullJobKey(row.id));
  });
}

/** `POST /api/v1/source/{id}/connector/sync`: the pull runs now (202: the job takes it). */
export async function syncNow(ctx: ServiceContext, sourceId: number): Promise<Connector> {
  const row = await companyConnector(ctx, sourceId);
  await runJobNow(
    ctx.db.kysely,
    { kind: PULL_JOB_KIND, key: pullJobKey(row.id), payload: { connector: row.id } },
    ctx.now,
  );
  return connectorView(ctx, row);
}

/** `POST /api/v1/source/{id}/connector/settings`: whether a cancel here cancels the shop's order. */
export async function updateSettings(ctx: ServiceContext, sourceId: number, body: unknown): Promise<Connector> {
  const row = await companyConnector(ctx, sourceId);
  const input = parse(connectorSettingsBody, body);
  await updateConnector(ctx.db.kysely, row.id, { cancel_in_shop: input.cancel_in_shop ? 1 : 0, updated_at: ctx.now });
  return getConnector(ctx, sourceId);
}

export { forCompany };
