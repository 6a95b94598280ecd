#!/usr/bin/env node
/**
 * Builds what `npm start` runs: the web app (vite, into dist/) and the server compiled to plain
 * JavaScript (esbuild, into dist-server/), each only when its inputs changed since its last build.
 * A build writes a stamp (a hash of its input files' paths and contents) next to its output; a start
 * on an unchanged tree compares hashes and builds nothing, so it reaches "listening" in about a second
 * instead of rebuilding the web app every time. Plain JavaScript: it runs before anything is compiled.
 *
 * `node scripts/build.mjs` builds what is stale; `--force` builds both.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
/** Tests and docs do not change what is built. */
const IGNORED = /(\.test\.tsx?|\.md)$/;

const WEB = {
  name: 'web app',
  out: 'dist',
  inputs: [
    'src/web',
    'src/core',
    'vite.config.ts',
    'scripts/compress-assets.ts',
    'scripts/translations-per-language.ts',
    'scripts/first-load-chunks.ts',
    'package-lock.json',
  ],
};
const SERVER = {
  name: 'server',
  out: 'dist-server',
  inputs: ['src/server', 'src/core', 'scripts/build.mjs', 'package-lock.json', 'tsconfig.json'],
};

function listFiles(rel) {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !IGNORED.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** A hash of the inputs' paths and contents: the same tree gives the same stamp on any clone. */
export function inputsHash(target) {
  const hash = crypto.createHash('sha256');
  const files = [...new Set(target.inputs.flatMap(listFiles))].sort();
  for (const f of files) {
    hash.update(f.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(ROOT, f)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function stampFile(target) {
  return path.join(ROOT, target.out, STAMP);
}

function isFresh(target, hash) {
  const file = stampFile(target);
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === hash;
}

function buildWeb() {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The web build failed (vite build).');
}

/**
 * The server as one ES module (dist-server/main.js) plus its workers (the SQLite reader, the XLSX
 * reader), packages left to node_modules. Files the code finds next to itself (import.meta.url) are copied beside them.
 */
async function buildServer() {
  await bundleServer({ main: 'src/server/main.ts' }, path.join(ROOT, SERVER.out));
}

/**
 * Compiles server entry points (name -> source) into `out` as `npm start` runs them: one ES module
 * each, the workers and the files found through import.meta.url beside them. `out` must lie
 * inside the checkout, so the bundle finds the packages in node_modules. The benches compile their
 * own entry (bench/_list-server.ts) with it, to measure the server as it ships.
 */
export async function bundleServer(entryPoints, out) {
  const esbuild = await import('esbuild');
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      ...entryPoints,
      'sqliteReader.worker': 'src/server/db/perf/sqliteReader.worker.mjs',
      'xlsxReader.worker': 'src/server/lib/xlsxReader.worker.mjs',
    },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  asciiOnly(out);
  fs.copyFileSync(path.join(ROOT, 'src/server/modules/geo/geo-data.json.gz'), path.join(out, 'geo-data.json.gz'));
}

/**
 * Escapes what esbuild leaves non-ASCII in the bundle (regular expression literals, comments it
 * keeps in class bodies: ș, ț, –) as \uXXXX, which means the same there and in strings and names.
 * V8 keeps a module's source for its life, and one such character makes it keep the whole source
 * in two bytes a character: 1.7 MB of heap for the server's 0.9 MB instead of 0.9.
 */
function asciiOnly(out) {
  for (const name of fs.readdirSync(out).filter((f) => f.endsWith('.mjs'))) {
    const file = path.join(out, name);
    const text = fs.readFileSync(file, 'utf8');
    const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) fs.writeFileSync(file, ascii);
  }
}

/** Builds each stale target; answers the names of those built. */
export async function ensureBuilt({ force = false, web = true, server = true, log = console.log } = {}) {
  const built = [];
  for (const [target, build, wanted] of [
    [WEB, buildWeb, web],
    [SERVER, buildServer, server],
  ]) {
    if (!wanted) continue;
    const hash = inputsHash(target);
    if (!force && isFresh(target, hash)) continue;
    log(`Building the ${target.name} (its sources changed since the last build)...`);
    const started = Date.now();
    await build();
    fs.mkdirSync(path.join(ROOT, target.out), { recursive: true });
    fs.writeFileSync(stampFile(target), `${hash}\n`);
    log(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  await ensureBuilt({ force: args.has('--force'), web: !args.has('--server'), server: !args.has('--web') });
}
