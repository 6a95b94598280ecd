import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite names the files under assets/ after their content: a changed file gets a new name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so it must never be served from a cache. */
export const NO_CACHE = 'no-store';

/** The cache rule of a served file: a year for hashed assets, never for the rest (index.html). */
export function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/.test(filePath)
    ? IMMUTABLE_CACHE
    : NO_CACHE;
}

/**
 * Serves the built React app; every non-API path falls back to index.html for client routing.
 * Files are sent precompressed (the .br / .gz written next to them by the build) when the browser
 * accepts it, with the cache rule of cacheControlFor.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No web build at ${distDir}: run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(async (web) => {
    // The web app and its files need no sign-in: mark every route of this plugin public, the
    // static plugin's own included (the auth hook denies any route that does not say so).
    web.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await web.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // No validators: a hashed asset is kept a year and never revalidated (its name changes with
      // it), index.html is never kept (no-store), so an ETag or Last-Modified would only be
      // bytes on each of the first load's sixty answers (e2e/first-load.e2e.ts).
      etag: false,
      lastModified: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
    web.get('/*', (req, reply) => {
      // A path of the server's own that no route matched (`/API/V1/ORDER/1`, `//emulators/dpd`)
      // answers the app's JSON 404, never the web app: a client of the API must not get HTML.
      if (isServerPath(req.url)) return reply.callNotFound();
      const file = fileInside(distDir, req.url);
      if (file && fs.existsSync(file) && fs.statSync(file).isFile())
        return reply.sendFile(path.relative(distDir, file));
      return reply.sendFile('index.html');
    });
  });
}

/** First path segments that are the server's, never the web app's (compared without case). */
const SERVER_SEGMENTS = new Set(['api', 'emulators']);

/**
 * Whether a request's URL names the API or the emulators however it is written: in any case
 * (`/API`, `/Emulators`), with doubled or back slashes (`//api`, `/\api`), encoded slashes
 * (`/api%2Fv1`), dot segments (`/x/../api`), alone (`/api`) or in absolute form
 * (`http://host/api/...`). Such a path matches no route of the server's (the router compares case
 * and slashes exactly), so it reached the web app's fallback and answered index.html with a 200.
 */
export function isServerPath(url: string): boolean {
  let target = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0];
  try {
    target = decodeURIComponent(target);
  } catch {
    // A malformed escape: judged as written.
  }
  const first = path.posix.normalize(`/${target.replace(/\\/g, '/')}`).split('/')[1] ?? '';
  return SERVER_SEGMENTS.has(first.toLowerCase());
}

/**
 * The file a URL names inside `root`, or null when it would lie outside it. Compared by whole
 * path segments: `startsWith(root)` alone would also accept a sibling such as `dist-secret/`.
 */
export function fileInside(root: string, url: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0]);
  } catch {
    return null;
  }
  const file = path.join(root, decoded);
  return file.startsWith(root.endsWith(path.sep) ? root : root + path.sep) ? file : null;
}
