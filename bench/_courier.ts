/**
 * The providers' emulators in a process of their own, listening on a socket: a bench's server runs
 * with PROVIDERS=live and `<PROVIDER>_BASE_URL` pointing here, so the courier's work (its requests,
 * its labels, its store) runs outside the measured process, as a real courier's runs on its own
 * machines, and the server's provider clients pay for real HTTP calls, as they do in production.
 * The emulators keep their state in a database of their own (SQLite in memory, migrated at start),
 * as a courier keeps its own: sharing the server's would make the two processes queue for its
 * writes (one SQLite writer at a time, across processes by sleeping and retrying), which no real
 * courier does to a seller's server.
 *
 * Every request is handed to the emulators' own host (`registerEmulators`, the host emulated mode
 * uses in process) unchanged: method, path, headers and body. Prints {"port"} when listening.
 *
 * COURIER_LATENCY_MS (default 0) holds each answer back that long, on a timer that costs no CPU, as a
 * courier a network away answers: with 0 the courier answers within a millisecond on the same
 * cores, so a bench measures the seller's machine at its busiest; with a latency it also tells
 * whether creates wait for each other when the machine is not the bound.
 */
import Fastify from 'fastify';
import { openDb } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { registerEmulators } from '../src/server/emulators/index.js';
import { systemClock } from '../src/server/lib/clock.js';

const LATENCY_MS = Number(process.env.COURIER_LATENCY_MS ?? 0);
const db = openDb('sqlite::memory:');
await migrateToLatest(db);
const app = Fastify({ logger: false });
const host = await registerEmulators(app, { db, clock: systemClock });
// Bodies pass through as bytes: the emulators parse them as their providers do.
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
app.all('/*', async (req, reply) => {
  const headers = { ...req.headers };
  delete headers.host;
  delete headers['content-length'];
  const res = await host.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    payload: req.body as Buffer | undefined,
  });
  if (LATENCY_MS > 0) await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
  const out = { ...res.headers };
  delete out['content-length'];
  delete out['transfer-encoding'];
  delete out.connection;
  return reply.code(res.statusCode).headers(out).send(res.rawPayload);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
// SIGTERM ends it at once (Node's default): its database is in memory, nothing is left to finish.
