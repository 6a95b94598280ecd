import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built React app; every non-API path falls back to index.html for client routing. */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No web build at ${distDir}: run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  app.get('/*', { config: { public: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).send({ message: 'Not found.' });
    const file = path.join(distDir, decodeURIComponent(req.url.split('?')[0]));
    if (file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(path.relative(distDir, file));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
