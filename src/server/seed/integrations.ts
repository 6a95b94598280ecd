import Fastify from 'fastify';
import type { Db } from '../db/connection.js';
import { demoAccountOpener, demoCredentials, registerEmulators } from '../emulators/index.js';
import { connectDemoIntegrations } from '../modules/integrations/index.js';
import { loadProvidersConfig, type ProvidersConfig } from '../providers/config.js';
import { createProviderRegistry } from '../providers/registry.js';
import { injectFetch } from '../providers/transport.js';
import type { SeedContext } from './context.js';

/**
 * The first demo company's couriers (Cargus, DPD, Sameday, FAN) and SmartBill set up with the
 * emulators' demo accounts, through the integrations module's wizard steps (modules/integrations/
 * demo.ts), so a newcomer can create an AWB and an invoice for a demo order, and "Ask the couriers
 * now" reaches the accounts that hold the demo's AWBs. Only with emulated providers (PROVIDERS,
 * as the server reads it): demo logins are never sent to a live provider. The logins are sealed
 * with the app's key, so this runs only when the seed is given the secret box.
 *
 * The seed runs before the app exists, so the emulators are started here on a host of their own for
 * the wizard's calls; they keep their state in the database, where the app's emulators find it.
 */
export async function seedIntegrations(
  db: Db,
  ctx: SeedContext,
  config: ProvidersConfig = loadProvidersConfig(),
): Promise<void> {
  if (!ctx.secrets || config.mode !== 'emulated') return;
  const clock = { now: () => ctx.now };
  const owner = Fastify({ logger: false });
  try {
    const host = await registerEmulators(owner, { db, clock });
    const providers = createProviderRegistry({
      config,
      clock,
      fetch: injectFetch(host),
      demoAccounts: demoCredentials(host.emulators),
      openDemoAccount: demoAccountOpener(host.emulators),
    });
    await connectDemoIntegrations({
      db,
      clock,
      providers,
      secrets: ctx.secrets,
      companyId: ctx.companyIds[0],
      userId: ctx.userId,
      lang: 'en',
      now: ctx.now,
    });
  } finally {
    await owner.close();
  }
}
