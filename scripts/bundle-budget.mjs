#!/usr/bin/env node
/**
 * The web app's first-load budget, checked on the build in dist/ (`npm test` runs it after its web
 * build): what a browser receives before it shows the sign-in page and the dashboard, measured as it
 * is transferred: brotli, the .br files the build writes and the server sends (src/server/http/spa.ts)
 * to every browser on HTTPS or localhost; gzip, for a plain-HTTP host, is printed beside it. The
 * sign-in page is index.html with its scripts and stylesheets and every chunk they import statically
 * (main.ts and the page written without React); the dashboard adds the React app (app/start.tsx, which
 * main.ts imports once there is a session), the signed-in frame and the dashboard's screen, each with
 * its static imports and stylesheets. Exits 1 when a page is over its budget, so the first load
 * cannot grow unnoticed.
 *
 *   node scripts/bundle-budget.mjs [dist]      (BUDGET_FILES=1: also list the dashboard's files)
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Budgets in KB (1,000 bytes) of brotli. The goals (bench/README.md, "First load") are 100 and 250.
 * The dashboard's first load was 255.9 KB over 54 files; once what the start, the frame and the
 * dashboard share became one chunk (vite.config.ts, scripts/first-load-chunks.ts) and the toasts,
 * the About dialog and Zod's core left it, 225.6 KB over 10 files (2 Dec 2026), 329.6 with the
 * drawings: the budgets hold it there, a little above, not growing (docs/web-polish.md, "First
 * load"). The chart drawings load only once the figures have come and a chart is about to be seen
 * (DashboardCharts). What a browser receives, headers and API answers included, is measured by
 * e2e/first-load.e2e.ts.
 */
export const GOAL_KB = { signIn: 100, dashboard: 250 };
export const BUDGET_KB = { signIn: GOAL_KB.signIn, dashboard: 228, dashboardWithCharts: 332 };

const dist = path.resolve(process.argv[2] ?? 'dist');
const assets = path.join(dist, 'assets');
/**
 * What a browser that accepts brotli receives: the .br the build wrote next to the file, else the
 * file as it is (when compressing did not make it smaller, the server sends it so).
 */
const sent = (ext) => (file) =>
  fs.existsSync(`${file}.${ext}`) ? fs.statSync(`${file}.${ext}`).size : fs.statSync(file).size;
const br = sent('br');
/** What a browser that does not accept brotli receives (plain HTTP other than localhost). */
const gz = sent('gz');

const cssFiles = fs.readdirSync(assets).filter((f) => f.endsWith('.css'));
/** A chunk and every chunk it imports statically (dynamic imports load later, on a route). */
function closure(start, seen = new Set()) {
  const queue = [...start];
  while (queue.length) {
    const name = queue.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    if (!name.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+)["']/g)) queue.push(m[1]);
    // A chunk's stylesheet is loaded with it (Vite's preload list): `app-<hash>.js`, `app-<hash>.css`.
    const base = /^(.+)-[\w-]{8}\.js$/.exec(name)?.[1];
    if (base)
      for (const css of cssFiles.filter((f) => new RegExp(`^${base}-[\\w-]{8}\\.css$`).test(f))) queue.push(css);
  }
  return seen;
}

/** The built file whose name starts with `prefix` and a hash (e.g. `Layout-` → Layout-Ab12.js). */
function chunk(prefix, ext = 'js') {
  const re = new RegExp(`^${prefix}[\\w-]{8}\\.${ext}$`);
  const found = fs.readdirSync(assets).filter((f) => re.test(f));
  if (found.length !== 1) throw new Error(`Expected one ${prefix}*.${ext} in ${assets}, found ${found.length}.`);
  return found[0];
}
/** A chunk with the stylesheet Vite loads with it, when it has one. */
const withCss = (prefix) => [
  chunk(prefix),
  ...fs.readdirSync(assets).filter((f) => new RegExp(`^${prefix}[\\w-]{8}\\.css$`).test(f)),
];

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const signIn = closure(first);
// The dashboard after signing in: the React app, the signed-in frame (Layout) and the dashboard's
// screen, each with its stylesheet and the chunk of what they share (`app-*`, vite.config.ts), and
// the English texts routes.tsx loads with them (the frame's notifications, the dashboard's own). The chart drawings load after the figures
// (DashboardCharts): the last line counts them too.
const dashboard = closure(
  [
    ...withCss('start-'),
    ...withCss('Layout-'),
    ...withCss('DashboardPage-'),
    chunk('i18n-dashboard-en-'),
    chunk('i18n-notifications-en-'),
  ],
  new Set(signIn),
);
const withCharts = closure(withCss('charts-'), new Set(dashboard));
const size = (files, measure) =>
  (measure(path.join(dist, 'index.html')) + [...files].reduce((s, f) => s + measure(path.join(assets, f)), 0)) / 1000;

if (process.env.BUDGET_FILES)
  for (const f of [...dashboard].sort())
    console.log(`  ${(br(path.join(assets, f)) / 1000).toFixed(1)} ${signIn.has(f) ? '(sign-in) ' : ''}${f}`);
let failed = false;
for (const [page, files] of [
  ['signIn', signIn],
  ['dashboard', dashboard],
  ['dashboardWithCharts', withCharts],
]) {
  const kb = size(files, br);
  const over = kb > BUDGET_KB[page];
  failed ||= over;
  console.log(
    `${page}: ${kb.toFixed(1)} KB brotli (${size(files, gz).toFixed(1)} KB gzip) over ${files.size} files (budget ${BUDGET_KB[page]} KB)${over ? ': OVER BUDGET' : ''}`,
  );
}
process.exit(failed ? 1 : 0);
