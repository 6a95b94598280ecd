import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/**
 * Every compressible file is compressed, however small: the dashboard's first load counts some
 * thirty files under 1 KB (an icon, a hook, a language's texts), sent plain they cost about a
 * third more on the wire, and the copy costs the build nothing. A copy that does not come out
 * smaller is still not written (the file then goes as it is).
 */
export const MIN_BYTES = 0;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every compressible file
 * of a built folder, so the server sends them as they are instead of compressing on every request.
 * A compressed copy that is not smaller than the file is not written. Answers the files written.
 */
export function compressFolder(dir: string): string[] {
  const written: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    for (const [ext, data] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (data.length >= raw.length) continue;
      fs.writeFileSync(file + ext, data);
      written.push(file + ext);
    }
  }
  return written;
}

/** Vite plugin: compress the output folder once the bundle is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = compressFolder(outDir);
      this.info?.(`precompressed ${written.length} files (.br, .gz)`);
    },
  };
}
