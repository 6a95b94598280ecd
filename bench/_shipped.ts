/**
 * The server a bench measures, run as it ships: the bench's own entry compiled by scripts/build.mjs's
 * bundleServer (as `npm start` compiles main.ts) into dist-bench/, run by plain node with the flags
 * of `npm start`, so the figures are the shipped server's, without the TypeScript loader's hooks and
 * module compilation. BENCH_SERVER=tsx runs the entry through tsx instead; BENCH_PROFILE=<dir> writes
 * a CPU profile of it there (open it in Chrome's DevTools).
 */
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain JavaScript without types (it runs before anything is compiled)
import { bundleServer, ROOT } from '../scripts/build.mjs';

/**
 * The node flags `npm start` gives the server (package.json's start script), so the bench measures
 * the process that ships; BENCH_NODE_FLAGS (space-separated) replaces them to compare others.
 */
export function serverFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT as string, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode ((?:--\S+ )*)dist-server\/main\.mjs/.exec(pkg.scripts.start);
  if (!flags) throw new Error('package.json: the start script no longer runs `node [flags] dist-server/main.mjs`');
  return flags[1].split(' ').filter(Boolean);
}

/** How the bench's server is run (BENCH_SERVER=tsx or compiled), for its report. */
export const serverMode = (): string =>
  process.env.BENCH_SERVER === 'tsx' ? 'through tsx' : `compiled, flags: ${serverFlags().join(' ') || 'none'}`;

/** The node arguments that run the entry file (an absolute path) as the bench's server. */
export async function shippedServerArgs(entry: string): Promise<string[]> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  if (process.env.BENCH_SERVER === 'tsx') return [...profile, '--expose-gc', '--import', 'tsx', entry];
  const name = path.basename(entry, '.ts').replace(/^_/, '');
  const out = path.join(ROOT as string, 'dist-bench', name);
  await (bundleServer as (entries: Record<string, string>, out: string) => Promise<void>)(
    { [name]: path.relative(ROOT as string, entry) },
    out,
  );
  // --expose-gc as well: the bench asks the server for its memory after a full collection.
  const flags = serverFlags();
  return [
    ...profile,
    ...flags,
    ...(flags.includes('--expose-gc') ? [] : ['--expose-gc']),
    path.join(out, `${name}.mjs`),
  ];
}
