#!/usr/bin/env node
/**
 * The web app's first-load budget, checked on the build in dist/ (`npm test` runs it after its web
 * build): what a browser downloads, gzip-compressed, before it shows the sign-in page and the
 * dashboard. The sign-in page is index.html with its scripts, module preloads and stylesheets and
 * every chunk they import statically; the dashboard adds its own chunk (and its static imports) when
 * it is one. Exits 1 when a page is over its budget, so the first load cannot grow unnoticed.
 *
 *   node scripts/bundle-budget.mjs [dist]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Budgets in KB (1,000 bytes) of gzip. The goals are 100 (sign-in) and 250 (dashboard); the budgets
 * are the sizes reached, kept from growing, and lowered as the first load shrinks.
 */
export const BUDGET_KB = { signIn: 300, dashboard: 315 };
export const GOAL_KB = { signIn: 100, dashboard: 250 };

const dist = path.resolve(process.argv[2] ?? 'dist');
const assets = path.join(dist, 'assets');
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

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
  }
  return seen;
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const signIn = closure(first);
const dashboardChunk = fs.readdirSync(assets).find((f) => /^DashboardPage-[\w-]+\.js$/.test(f));
const dashboard = closure(dashboardChunk ? [dashboardChunk] : [], new Set(signIn));
const kb = (files) =>
  (gz(path.join(dist, 'index.html')) + [...files].reduce((s, f) => s + gz(path.join(assets, f)), 0)) / 1000;

let failed = false;
for (const [page, files] of [
  ['signIn', signIn],
  ['dashboard', dashboard],
]) {
  const size = kb(files);
  const over = size > BUDGET_KB[page];
  failed ||= over;
  console.log(
    `${page}: ${size.toFixed(1)} KB gzip over ${files.size} files (budget ${BUDGET_KB[page]} KB, goal ${GOAL_KB[page]} KB)${over ? ': OVER BUDGET' : ''}`,
  );
}
process.exit(failed ? 1 : 0);
