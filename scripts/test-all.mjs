#!/usr/bin/env node
// Runs every suite: type check, lint, unit, API on SQLite, API on PostgreSQL (when
// TEST_DATABASE_URL is set), and browser tests in headless Chromium. Ends with one line
// "N passed, N failed" counting every test of every suite (type check and lint count as one each).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = new Set(process.argv.slice(2));
const skipStatic = args.has('--no-static');
const skipE2e = args.has('--no-e2e');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tests-'));
const totals = { passed: 0, failed: 0 };
const lines = [];

function run(cmd, cmdArgs, env = {}) {
  console.log(`\n$ ${[cmd, ...cmdArgs].join(' ')}`);
  return spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function check(name, cmd, cmdArgs) {
  const ok = run(cmd, cmdArgs) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
}

function vitest(name, project, env = {}) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A file that fails to load has no test results: count it as a failure.
    failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  }
  if (status !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${name}: ${passed} passed, ${failed} failed`);
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    run('bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
    if (fs.existsSync(chromium)) return true;
  }
  console.error(
    `Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  return false;
}

/**
 * The static checks side by side: each is one process on one core, so on two cores the three take
 * about as long as the longest. Each one's output is printed whole once it ends, in this order.
 */
async function checkTogether(checks) {
  const runs = checks.map(
    ([name, cmd, cmdArgs]) =>
      new Promise((resolve) => {
        const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ name, cmd, cmdArgs, ok: code === 0, output }));
      }),
  );
  for (const { name, cmd, cmdArgs, ok, output } of await Promise.all(runs)) {
    console.log(`\n$ ${[cmd, ...cmdArgs].join(' ')}`);
    process.stdout.write(output);
    totals[ok ? 'passed' : 'failed'] += 1;
    lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  }
}

/**
 * better-sqlite3's native module is compiled from source on this machine kind (its prebuilt binaries
 * are on GitHub, out of reach): minutes of one core, during which `npm ci` leaves the other idle. So
 * `.ci/run` installs with `--ignore-scripts` and the compile runs here, beside the static checks and
 * the unit tests (none of which opens a database); the API tests wait for it. After a plain `npm ci`
 * the module loads and nothing is compiled. Its output goes to a file and is printed once it ends.
 */
function sqliteModuleLoads() {
  const probe = "new (require('better-sqlite3'))(':memory:').close()";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function inBackground(cmd, cmdArgs, logName, env = {}) {
  const log = path.join(tmp, logName);
  const fd = fs.openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    child.on('close', (code) => {
      fs.closeSync(fd);
      console.log(`\n$ ${[cmd, ...cmdArgs].join(' ')}`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      resolve(code === 0);
    });
  });
}

// JOBS=max: node-gyp compiles SQLite and the binding side by side when a core is free. CFLAGS=-O1
// (after the package's -O3, so it wins) for SQLite's one 9 MB C file: 65 s of a core instead of 115 s,
// and the API tests on SQLite took as long on either build (159 s and 166 s, one after the other).
// Only this test build: `npm ci` builds the module the console runs with the package's own flags.
const sqliteModule = sqliteModuleLoads()
  ? Promise.resolve(true)
  : inBackground('npm', ['rebuild', 'better-sqlite3'], 'better-sqlite3-build.log', {
      JOBS: 'max',
      CFLAGS: process.env.CFLAGS ?? '-O1',
    });

if (!skipStatic) {
  await checkTogether([
    ['type check (tsc --noEmit)', 'npx', ['tsc', '--noEmit']],
    ['lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=-1']],
    ['format (prettier --check)', 'npx', ['prettier', '--check', '.']],
  ]);
}
/**
 * The web build (about 40 s of one core) is started beside the API tests on PostgreSQL, which spend
 * much of their time waiting on the database; the browser tests wait for it.
 */
function startWebBuild() {
  return inBackground('npx', ['vite', 'build', '--logLevel', 'warn'], 'web-build.log');
}

vitest('unit', 'unit*');
if (await sqliteModule) vitest('api on SQLite', 'api', { TEST_DATABASE_URL: '' });
else {
  totals.failed += 1;
  lines.push('better-sqlite3 build (npm rebuild better-sqlite3): FAILED');
}
const webBuild = skipE2e ? null : startWebBuild();
if (process.env.TEST_DATABASE_URL) vitest('api on PostgreSQL', 'api');
else lines.push('api on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://... to run it)');
if (webBuild) {
  if (!(await webBuild)) {
    totals.failed += 1;
    lines.push('web build: FAILED');
  } else {
    // The first load's size budget, on the build just made.
    check('first-load budget (scripts/bundle-budget.mjs)', 'node', ['scripts/bundle-budget.mjs']);
    if (ensureChromium()) vitest('browser', 'e2e');
    else {
      totals.failed += 1;
      lines.push('browser: FAILED (no Chromium)');
    }
  }
}

console.log('\nSummary');
for (const l of lines) console.log(`  ${l}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
