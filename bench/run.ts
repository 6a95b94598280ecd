/**
 * `npm run bench`: runs every benchmark under bench/ one after another (they are not part of
 * `npm test`), each in its own process with the environment given to this one, so
 * BENCH_DATABASE_URL=postgres://... applies to all of them. `npm run bench -- orders` runs the
 * benchmarks whose file name contains "orders". Builds the web app first when the dashboard bench
 * is among them. Ends with the list of benchmarks that failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'run.ts' && !f.endsWith('.test.ts') && !f.startsWith('_'),
  )
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')} in bench/.`);
  process.exit(1);
}
const failed: string[] = [];
// The dashboard bench loads the built web app: build it from this checkout first, so it measures
// what the code gives now (a fresh clone has no build at all).
if (benches.includes('dashboard.ts')) {
  console.log('\n=== vite build (for bench/dashboard.ts)');
  const vite = path.join(dir, '..', 'node_modules', 'vite', 'bin', 'vite.js');
  if (spawnSync(process.execPath, [vite, 'build'], { stdio: 'inherit', cwd: path.join(dir, '..') }).status !== 0)
    failed.push('vite build');
}
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (status !== 0) failed.push(file);
}
console.log(
  `\n${benches.length - failed.length} of ${benches.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`,
);
process.exit(failed.length ? 1 : 0);
