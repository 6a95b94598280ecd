import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { jobHandlers, scheduleRecurringJobs } from './backgroundJobs.js';
import { startJobRunner } from './jobs/runner.js';
import { systemClock } from './lib/clock.js';
import { collectWhenIdle } from './lib/idleCollect.js';
import { secretBox } from './lib/secrets.js';
import { geoData } from './modules/geo/index.js';
import { loadProvidersConfig } from './providers/config.js';
import { PROVIDER_LABELS, PROVIDER_NAMES } from './providers/http.js';
import { DEMO_EMAIL, DEMO_PASSWORD, isEmpty, seedDemo } from './seed/index.js';
import { seedDemoShop } from './seed/shop.js';

const config = loadConfig();
const db = openDb(config.databaseUrl, { readers: config.sqliteReaders, keepLists: true });
await migrateToLatest(db);
let seeded = false;
if (config.seedDemo && (await isEmpty(db))) {
  console.log('Empty database: adding the demo data (a few seconds)...');
  await seedDemo(db, systemClock, secretBox(config.appKey));
  seeded = true;
}
const providers = loadProvidersConfig();
const app = await buildApp({
  providers,
  db,
  appKey: config.appKey,
  dataDir: config.dataDir,
  webDist: process.env.WEB_DIST ?? 'dist',
  logger: process.env.LOG_REQUESTS === 'true',
  publicUrl: config.publicUrl,
  trustProxy: process.env.TRUST_PROXY === 'true',
});
await app.listen({ port: config.port, host: config.host });
// The demo's web shop: an emulated WooCommerce shop taking orders while the console runs.
if (seeded)
  await seedDemoShop(app.services).catch((err: unknown) => console.error('The demo shop was not connected:', err));
const logJob = (m: string) => console.error(m);
await scheduleRecurringJobs(db, systemClock.now());
const jobs = startJobRunner({ services: app.services, handlers: jobHandlers({ log: logJob }), log: logJob });

const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
console.log(`\nSeller console is running at http://${shownHost}:${config.port}  (database: ${db.engine})`);
if (config.seedDemo)
  console.log(
    `Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${seeded ? '' : ' (demo data was added on an earlier start)'}`,
  );

if (providers.mode === 'emulated') {
  console.log('Providers are emulated in this process (PROVIDERS=live for the real ones). Demo accounts:');
  // The names' column as wide as the longest name ("FAN Courier").
  const labelWidth = Math.max(...PROVIDER_NAMES.map((p) => PROVIDER_LABELS[p].length));
  for (const p of PROVIDER_NAMES) {
    const demo = app.services.providers.demoCredentials(p);
    // BNR's rates are public: no account to show.
    if (demo && Object.keys(demo).length > 0)
      console.log(
        `  ${PROVIDER_LABELS[p].padEnd(labelWidth)} ${Object.entries(demo)
          .map(([k, v]) => `${k}=${v}`)
          .join('  ')}${
          // Its labels print the account holder: each company is shown its own account in the wizard.
          app.emulators?.[p].openAccount ? "  (shared; each company's own account is shown in its set-up)" : ''
        }`,
      );
  }
}

// The address data (a few hundred ms to unpack) is read once the server listens, not before.
setImmediate(geoData);
// The memory a busy spell grew into (the heap, the read pool's workers) goes back once the server is at rest.
collectWhenIdle({ atRest: () => db.atRest() });

/**
 * On SIGTERM (or Ctrl-C) the server stops taking requests (new connections are refused, a request
 * on a kept-alive connection answers 503), finishes the requests in flight and the job step that is
 * running, closes the database and exits 0. Past SHUTDOWN_SECONDS it exits 1 whatever is left: every
 * write is one transaction, so an interrupted one is rolled back, never half-done.
 */
const SHUTDOWN_SECONDS = 20;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight and the running job, then stopping...`);
    setTimeout(() => {
      console.error(`Still busy after ${SHUTDOWN_SECONDS} s: stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_SECONDS * 1000).unref();
    void Promise.all([app.close(), jobs.stop()])
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('Shutdown failed:', err);
          process.exit(1);
        },
      );
  });
}
