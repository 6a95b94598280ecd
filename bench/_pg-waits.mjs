/**
 * Samples what the bench's PostgreSQL sessions wait on, from its own process (so the sampling costs
 * the measured process nothing): every 5 ms, the non-idle sessions of the database of
 * TEST_DATABASE_URL other than its own (give the bench a database nothing else uses), by state and
 * wait event, and for a wait on a lock the statement that waits. Its standard input steers it, a
 * line a command: `start` samples, `pause` holds off (the bench's phases alternate, and only one of
 * them is sampled), `stop` prints the counts (one session seen once = one sample) as JSON on standard
 * output and ends.
 */
import readline from 'node:readline';
import pg from 'pg';

const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await client.connect();
const counts = new Map();
let samples = 0;
let phase = 'waiting';
const lines = readline.createInterface({ input: process.stdin });
process.stdout.write('ready\n');
lines.on('line', (line) => {
  phase = { start: 'sampling', pause: 'waiting', stop: 'done' }[line.trim()] ?? phase;
});
while (phase !== 'done') {
  if (phase === 'sampling') {
    const { rows } = await client.query(`select state, wait_event_type, wait_event,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`);
    samples++;
    for (const r of rows) {
      const what = `${r.state}, ${r.wait_event_type ? `${r.wait_event_type}:${r.wait_event}` : 'running'}${
        r.wait_event_type === 'Lock' ? `, ${r.query}` : ''
      }`;
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
}
await client.end();
process.stdout.write(`${JSON.stringify({ samples, counts: [...counts].sort((a, b) => b[1] - a[1]) })}\n`);
lines.close();
