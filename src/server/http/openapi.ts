import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z, type ZodObject, type ZodType } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

/**
 * How one API route is described to integrators: what it does, and the same core Zod schemas the
 * service parses its query and body with, so the contract cannot drift from what is enforced.
 * Who may call it (public, company-scoped, Idempotency-Key) is read from the route table itself.
 */
export interface ApiDoc {
  method: 'GET' | 'POST' | 'DELETE';
  /** As registered with Fastify: `/api/v1/source/:id`. */
  url: string;
  summary: string;
  query?: ZodType;
  /** A JSON body; `multipart` names the form's fields instead (a file upload). */
  body?: ZodType;
  multipart?: Record<string, 'string' | 'file'>;
  /** The success answer: status and what it carries (default 200, `{ data }` as JSON). */
  ok?: {
    status?: 200 | 201 | 202 | 204;
    content?: 'json' | 'pdf' | 'image' | 'csv' | 'xlsx' | 'zip';
    description?: string;
  };
  /** Statuses the rules answer besides the usual ones (401, 404, 422, 400/403 for the company). */
  errors?: Partial<Record<409 | 410 | 429 | 502 | 503 | 504, string>>;
}

/** What the route table tells of a route's access (app.ts's RouteAccess). */
export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  company: boolean;
  idempotent: boolean;
}

/** The docs of one module, under its tag (the name the reference page groups them by). */
export type ApiDocs = Record<string, ApiDoc[]>;

const errorBody = z
  .object({ message: z.string().meta({ description: "In the language of Accept-Language ('en' or 'ro')." }) })
  .meta({ id: 'Error' });
const validationBody = z
  .object({
    message: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'A message per field, in the language asked.' }),
  })
  .meta({ id: 'ValidationError' });
const dataBody = z
  .object({ data: z.unknown() })
  .catchall(z.unknown())
  .meta({ id: 'Data', description: 'The answer carries its payload under `data` (a list also `meta`).' });

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  image: 'image/*',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

/** `/api/v1/source/:id` → `/api/v1/source/{id}`, and the names of its path parameters. */
function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const p = url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: p, params };
}

function error(description: string, schema: ZodType = errorBody) {
  return { description, content: { 'application/json': { schema } } };
}

function operation(doc: ApiDoc, tag: string, route: RouteAccess | undefined): ZodOpenApiOperationObject {
  const { params } = openApiPath(doc.url);
  const company = route?.company ?? false;
  const pathParams = params.length
    ? z.object(
        Object.fromEntries(
          // An invitation's token is text; every other path parameter is an id.
          params.map((name) => [name, name === 'companyId' || name === 'token' ? z.string() : z.int().positive()]),
        ),
      )
    : undefined;
  const header = company
    ? z.object({
        'X-Company-ID': z.string().meta({ description: 'The company the call acts for (one of the user’s).' }),
      })
    : undefined;
  const okStatus = doc.ok?.status ?? 200;
  const kind = doc.ok?.content ?? 'json';
  const ok =
    okStatus === 204
      ? { description: doc.ok?.description ?? 'Done, nothing to answer.' }
      : kind === 'json'
        ? { description: doc.ok?.description ?? 'Done.', content: { 'application/json': { schema: dataBody } } }
        : {
            description: doc.ok?.description ?? 'The file.',
            content: { [CONTENT_TYPES[kind]]: { schema: z.string().meta({ format: 'binary' }) } },
          };
  const responses: Record<string, unknown> = { [okStatus]: ok };
  if (!route?.public) responses[401] = error('No valid bearer token.');
  if (company) {
    responses[400] = error('No X-Company-ID header, or not a company id.');
    responses[403] = error('The company is not one of the user’s.');
  }
  if (params.length || company) responses[404] = error('Not found (another company’s row is not found either).');
  if (doc.query || doc.body || doc.multipart || params.length)
    responses[422] = error('The input breaks a rule: a message per field.', validationBody);
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = error(description);

  const op: ZodOpenApiOperationObject = {
    tags: [tag],
    summary: doc.summary,
    operationId: `${doc.method.toLowerCase()}${doc.url.replace(/^\/api\/v1/, '').replace(/[/:-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    // zod-openapi reads every key it is given: absent parts are left out, never undefined.
    requestParams: {
      ...(pathParams && { path: pathParams }),
      // A query schema may be a pipe (an object refined into the filter): zod-openapi unwraps it to its object.
      ...(doc.query && { query: doc.query as ZodObject }),
      ...(header && { header }),
    },
    responses: responses as ZodOpenApiOperationObject['responses'],
  };
  if (route?.public) op.security = [];
  if (route?.idempotent)
    op.description =
      'Accepts an `Idempotency-Key` header: a repeated submission with the same key answers the first one’s result.';
  if (doc.body) op.requestBody = { content: { 'application/json': { schema: doc.body } } };
  if (doc.multipart)
    op.requestBody = {
      content: {
        'multipart/form-data': {
          schema: z.object(
            Object.fromEntries(
              Object.entries(doc.multipart).map(([name, t]) => [
                name,
                t === 'file' ? z.string().meta({ format: 'binary' }).optional() : z.string().optional(),
              ]),
            ),
          ),
        },
      },
    };
  return op;
}

/**
 * The OpenAPI 3.1 document of the API: every documented route with its parameters, bodies and
 * answers, bearer sign-in and the X-Company-ID header. A route is listed only when a module
 * documents it; `http/openapi.test.ts` fails when the route table holds one that is not.
 */
export function openApiDocument(docs: ApiDocs, routes: readonly RouteAccess[], version: string) {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
  const paths: ZodOpenApiPathsObject = {};
  for (const [tag, list] of Object.entries(docs)) {
    for (const doc of list) {
      const { path: p } = openApiPath(doc.url);
      const item = (paths[p] ??= {});
      item[doc.method.toLowerCase() as 'get' | 'post' | 'delete'] = operation(
        doc,
        tag,
        byKey.get(`${doc.method} ${doc.url}`),
      );
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Seller console API',
      version,
      description:
        'JSON API of the seller console. Sign in with POST /api/v1/login and send the token as ' +
        '`Authorization: Bearer <token>`; company-scoped calls also send `X-Company-ID`. Money is in ' +
        'lei with two decimals in answers; errors are `{ message }`, and a 422 adds a message per field, ' +
        'in the language of `Accept-Language`.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  });
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Seller console API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="api"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A script file of its own: the Content-Security-Policy allows no inline script.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', validatorUrl: null, deepLinking: true });\n`;

/**
 * `/api/openapi.json` (the document) and `/api/docs` (Swagger UI reading it, served from the
 * swagger-ui-dist package, nothing fetched from elsewhere). Both public: they describe the API,
 * they hold no one's data. Built on the first request, from the route table as it then stands.
 */
export function registerOpenApi(
  app: FastifyInstance,
  docs: ApiDocs,
  routes: readonly RouteAccess[],
  version: string,
): void {
  const uiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const asset = (file: string) => readFileSync(path.join(uiDir, file));
  let document: unknown;
  const open = { config: { public: true } };
  app.get('/api/openapi.json', open, async () => (document ??= openApiDocument(docs, routes, version)));
  app.get('/api/docs', open, async (_req, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
  app.get('/api/docs/init.js', open, async (_req, reply) => reply.type('text/javascript').send(DOCS_INIT));
  for (const [file, type] of [
    ['swagger-ui.css', 'text/css'],
    ['swagger-ui-bundle.js', 'text/javascript'],
  ] as const) {
    let bytes: Buffer | undefined;
    app.get(`/api/docs/${file}`, open, async (_req, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send((bytes ??= asset(file))),
    );
  }
}

/**
 * The five calls of a resource kept as the spec's CRUD: list, one, create, update, delete.
 * `list` says what the list holds ("The company's sources").
 */
export function crudDocs(
  base: string,
  { noun, list }: { noun: string; list: string },
  body: { create: ZodType; update: ZodType },
  query?: ZodObject,
): ApiDoc[] {
  return [
    { method: 'GET', url: base, summary: `${list} (paged, searchable)`, query },
    { method: 'GET', url: `${base}/:id`, summary: `One ${noun}` },
    { method: 'POST', url: base, summary: `Create a ${noun}`, body: body.create, ok: { status: 201 } },
    { method: 'POST', url: `${base}/:id`, summary: `Update a ${noun}`, body: body.update },
    { method: 'DELETE', url: `${base}/:id`, summary: `Delete a ${noun}` },
  ];
}
