import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's JSON-schema compilers (ajv for requests, fast-json-stringify for answers), loaded when a
 * route first declares a JSON schema rather than when a Fastify instance is made. The app validates
 * with zod inside its handlers (http/errors.ts `parse`), so no route has one today, and loading them
 * at start cost a third of the server's start-up CPU and about 10 MB. They are the very compilers
 * Fastify would pick itself, resolved from Fastify's own dependencies; the one difference is that
 * Fastify then treats the validator as custom and no longer lower-cases a `headers` schema's keys.
 */
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
type Factory = (...args: unknown[]) => unknown;
let validator: Factory | undefined;
let serializer: Factory | undefined;

export const LAZY_SCHEMA_COMPILERS: Pick<FastifyServerOptions, 'schemaController'> = {
  schemaController: {
    compilersFactory: {
      buildValidator: (...args: unknown[]) =>
        (validator ??= (fromFastify('@fastify/ajv-compiler') as () => Factory)())(...args),
      buildSerializer: (...args: unknown[]) =>
        (serializer ??= (fromFastify('@fastify/fast-json-stringify-compiler') as () => Factory)())(...args),
    },
  },
} as Pick<FastifyServerOptions, 'schemaController'>;
