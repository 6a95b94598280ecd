/**
 * Zod probes for eval (new Function) to compile faster validators; the Content-Security-Policy
 * forbids it, so every page load logged a violation. Interpreted validation is fast enough here.
 * Zod keeps its settings in `globalThis.__zod_globalConfig` (zod/v4/core's `config()` writes it,
 * and takes an object already there), so they are set without importing Zod: the dashboard's first
 * load has no form and Zod comes with the first screen that validates (zodConfig.test.ts checks
 * that Zod reads it).
 */
export function configureZod(): void {
  const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true });
}

// On import: app/start.tsx imports this module first, before any module that builds a schema.
configureZod();
