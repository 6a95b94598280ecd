import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import type { AccountHolder, OpenedLogin } from './kit.js';
import { createBnrEmulator } from './bnr.js';
import { createCargusEmulator } from './cargus.js';
import { createDpdEmulator } from './dpd.js';
import { createEmagEmulator, type EmagEmulator } from './emag.js';
import { createFanEmulator } from './fan.js';
import { controlRoutes, dbStore, type Emulator } from './kit.js';
import { createSamedayEmulator } from './sameday.js';
import { createShopifyEmulator, type ShopifyEmulator } from './shopify.js';
import { createSmartBillEmulator } from './smartbill.js';
import { createTelegramEmulator } from './telegram.js';
import { createVonageEmulator } from './vonage.js';
import { createWooCommerceEmulator, type ShopCatalogueItem, type WooCommerceEmulator } from './woocommerce.js';
import { LAZY_SCHEMA_COMPILERS } from '../http/schemaCompilers.js';

/** Where each emulator answers on its host: `/emulators/<provider>` (the clients' base URLs say the same). */
export const EMULATORS_PREFIX = '/emulators';

export interface EmulatorSet {
  cargus: Emulator;
  sameday: Emulator;
  dpd: Emulator;
  fan: Emulator;
  smartbill: Emulator;
  vonage: Emulator;
  telegram: Emulator;
  bnr: Emulator;
  woocommerce: WooCommerceEmulator;
  shopify: ShopifyEmulator;
  emag: EmagEmulator;
}

/** The emulators of one app and the only way to reach them. */
export interface EmulatorHost {
  /** Each emulator, held in process: tests switch its faults, reset it and read its store through it. */
  readonly emulators: EmulatorSet;
  /** Hands one request to the emulators, in process: the provider transport (injectFetch) and tests. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Every route the host serves, as registered (method, URL pattern): tests walk them. */
  readonly routes: readonly { method: string; url: string }[];
}

/**
 * Starts the emulators of `app` (emulated mode: `npm start` with PROVIDERS=emulated, and the API
 * tests), living in `clock`'s time. Each keeps its state in the app's database
 * (`emulator_records`, apart from the product's tables), so what it made before a restart (a
 * label, an invoice, an AWB still moving) is there after it, and instances sharing PostgreSQL see
 * the same provider.
 *
 * They run on a Fastify instance of their own that never listens on any socket: the only way in
 * is `inject`, which only code of this process can call (the provider clients' transport, tests).
 * The app's own server has no emulator route at all, so nothing a client sends to it (any path
 * spelling, method or header) can reach them: a demo account is shared by every company of the
 * app, and a caller from outside could otherwise read another company's AWBs and labels. Nor
 * does the app's request log see the server talking to itself (the host logs nothing; those
 * URLs carry the providers' keys and bot tokens).
 *
 * `controls` (tests only) adds each emulator's fault switches and reset as HTTP routes
 * (`/emulators/<provider>/__emulator/...`), reachable the same way. Vonage's delivery receipts are
 * handed to the app itself, at the callback URL's path, as Vonage would post them to the console.
 * Closing the app closes the host, releasing any request a `timeout` fault holds.
 */
export async function registerEmulators(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; hangMs?: number; controls?: boolean },
): Promise<EmulatorHost> {
  const base = (provider: keyof EmulatorSet) => ({
    clock: options.clock,
    hangMs: options.hangMs,
    store: dbStore(options.db, provider, options.clock),
  });
  const set: EmulatorSet = {
    cargus: createCargusEmulator(base('cargus')),
    sameday: createSamedayEmulator(base('sameday')),
    dpd: createDpdEmulator(base('dpd')),
    fan: createFanEmulator(base('fan')),
    smartbill: createSmartBillEmulator(base('smartbill')),
    vonage: createVonageEmulator({
      ...base('vonage'),
      deliverReceipt: async (url, receipt) => {
        const u = new URL(url);
        await app.inject({ method: 'POST', url: u.pathname + u.search, payload: receipt }).catch(() => undefined);
      },
    }),
    telegram: createTelegramEmulator(base('telegram')),
    bnr: createBnrEmulator(base('bnr')),
    // A shop delivers its webhooks to the console itself, at the delivery URL's path, as the shop would post them.
    woocommerce: createWooCommerceEmulator({
      ...base('woocommerce'),
      deliver: async (url, headers, body) => {
        const u = new URL(url);
        const res = await app.inject({ method: 'POST', url: u.pathname + u.search, headers, payload: body });
        return res.statusCode;
      },
    }),
    // Signed with the api_secret the seller gave (setAppSecret), delivered to the console as WooCommerce's are.
    shopify: createShopifyEmulator({
      ...base('shopify'),
      deliver: async (url, headers, body) => {
        const u = new URL(url);
        const res = await app.inject({ method: 'POST', url: u.pathname + u.search, headers, payload: body });
        return res.statusCode;
      },
    }),
    // eMAG has no webhooks to deliver: the console pulls (order/read by modifiedAfter).
    emag: createEmagEmulator(base('emag')),
  };
  const host = Fastify({ logger: false, ...LAZY_SCHEMA_COMPILERS });
  const routes: { method: string; url: string }[] = [];
  host.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  // An unknown path answers as a provider's gateway does, without repeating the path (it may hold a token).
  host.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not Found' }));
  for (const emulator of Object.values(set))
    await host.register(
      async (scope) => {
        await scope.register(emulator.plugin);
        if (options.controls) controlRoutes(scope, () => emulator);
      },
      { prefix: `${EMULATORS_PREFIX}/${emulator.name}` },
    );
  await host.ready();
  // preClose: before the app waits for its requests, some of which may wait on a held emulator call.
  app.addHook('preClose', async () => {
    await host.close();
  });
  return { emulators: set, inject: (o) => host.inject(o), routes };
}

/** The demo account of each emulator, as its wizard asks for it. */
export function demoCredentials(set: EmulatorSet): Record<keyof EmulatorSet, Record<string, string>> {
  const out = {} as Record<keyof EmulatorSet, Record<string, string>>;
  for (const [name, emulator] of Object.entries(set) as [keyof EmulatorSet, Emulator][])
    out[name] = emulator.demoCredentials;
  return out;
}

/**
 * The emulated shops' own doings, by type and address (the registry's DemoShops): a new shop filled,
 * new orders taken. A type without its emulator's doings here is left as it is.
 */
export function demoShopsOf(set: EmulatorSet): {
  prepare(type: string, address: string, catalogue: ShopCatalogueItem[], opts: { apiSecret?: string }): Promise<void>;
  takeOrders(type: string, address: string, count: number): Promise<void>;
} {
  const host = (storeUrl: string) => new URL(storeUrl).host.toLowerCase();
  /** A Shopify shop's domain, as typed with or without `https://`. */
  const shopDomain = (domain: string) =>
    new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`).host.toLowerCase();
  return {
    async prepare(type, address, catalogue, opts) {
      if (type === 'woocommerce') await set.woocommerce.prepareShop(host(address), catalogue);
      // Shopify: the address is the shop's domain alone; its webhooks are signed with the seller's api_secret.
      if (type === 'shopify')
        await set.shopify.prepareShop(shopDomain(address), catalogue, { apiSecret: opts.apiSecret });
      // eMAG: the address is the account; a product with variations is offered as its variations.
      if (type === 'emag')
        await set.emag.prepareAccount(
          address,
          catalogue.flatMap((p) => (p.variations?.length ? p.variations : [p])),
        );
    },
    async takeOrders(type, address, count) {
      if (type === 'woocommerce') await set.woocommerce.takeOrders(host(address), count);
      if (type === 'shopify') await set.shopify.takeOrders(shopDomain(address), count);
      if (type === 'emag') await set.emag.takeOrders(address, count);
    },
  };
}

/** Opens a seller's own account at the emulators that open them (see Emulator.openAccount); null at the others. */
export function demoAccountOpener(
  set: EmulatorSet,
): (provider: keyof EmulatorSet, holder: AccountHolder) => Promise<OpenedLogin | null> {
  return async (provider, holder) => {
    const emulator = set[provider];
    return emulator.openAccount ? emulator.openAccount(holder) : null;
  };
}
