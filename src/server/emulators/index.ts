import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import { createCargusEmulator } from './cargus.js';
import { createDpdEmulator } from './dpd.js';
import { dbStore, type Emulator } from './kit.js';
import { createSamedayEmulator } from './sameday.js';
import { createSmartBillEmulator } from './smartbill.js';
import { createTelegramEmulator } from './telegram.js';
import { createVonageEmulator } from './vonage.js';

/** Where the emulators are mounted in the app: `/emulators/<provider>`. */
export const EMULATORS_PREFIX = '/emulators';

export interface EmulatorSet {
  cargus: Emulator;
  sameday: Emulator;
  dpd: Emulator;
  smartbill: Emulator;
  vonage: Emulator;
  telegram: Emulator;
}

/**
 * Mounts every emulator inside the app under /emulators/<provider> (demo mode: `npm start` with
 * PROVIDERS=emulated, and the API tests), living in `clock`'s time. Each keeps its state in the
 * app's database (`emulator_records`, apart from the product's tables), so what it made before a
 * restart (a label, an invoice, an AWB still moving) is there after it, and instances sharing
 * PostgreSQL see the same provider. Their routes need no sign-in to the console (they check the
 * provider's own credentials). Vonage's delivery receipts are handed to the app itself, at the
 * callback URL's path.
 */
export async function registerEmulators(
  app: FastifyInstance,
  options: { db: Db; clock: Clock; hangMs?: number },
): Promise<EmulatorSet> {
  const base = (provider: keyof EmulatorSet) => ({
    clock: options.clock,
    hangMs: options.hangMs,
    store: dbStore(options.db, provider, options.clock),
  });
  const set: EmulatorSet = {
    cargus: createCargusEmulator(base('cargus')),
    sameday: createSamedayEmulator(base('sameday')),
    dpd: createDpdEmulator(base('dpd')),
    smartbill: createSmartBillEmulator(base('smartbill')),
    vonage: createVonageEmulator({
      ...base('vonage'),
      deliverReceipt: async (url, receipt) => {
        const u = new URL(url);
        await app.inject({ method: 'POST', url: u.pathname + u.search, payload: receipt }).catch(() => undefined);
      },
    }),
    telegram: createTelegramEmulator(base('telegram')),
  };
  await app.register(async (scope) => {
    // The console's auth hook admits only routes marked public; the emulators do their own auth.
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    for (const emulator of Object.values(set))
      await scope.register(emulator.plugin, { prefix: `${EMULATORS_PREFIX}/${emulator.name}` });
  });
  return set;
}

/** The demo account of each emulator, as its wizard asks for it. */
export function demoCredentials(set: EmulatorSet): Record<keyof EmulatorSet, Record<string, string>> {
  const out = {} as Record<keyof EmulatorSet, Record<string, string>>;
  for (const [name, emulator] of Object.entries(set) as [keyof EmulatorSet, Emulator][])
    out[name] = emulator.demoCredentials;
  return out;
}
