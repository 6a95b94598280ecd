import path from 'node:path';
import { globs, importsOf, matchPrefix, toPosix } from './module-graph.js';

/**
 * module-entry: a server module (each folder matched by `modules`, such as src/server/modules/orders)
 * is used by other code only through its entry file, its index.ts. The module's other files are its
 * own business: it may split, merge or rename them without touching another module, and its
 * index.ts is the one place that says what it offers to the rest of the server.
 *
 * - Imports are resolved against the importing file, as import-boundaries.js does, so
 *   `../orders/index.js` and `../../modules/orders/index.js` are the same import; so are the folder
 *   itself (`../orders`, which TypeScript resolves to its index.ts) and `../orders/index`.
 * - A module's own files, its tests among them, import one another freely.
 * - Test files (`testFiles`, by default `**\/*.test.ts(x)`) may also import another module's
 *   internals, unless `testsMayImportInternals: false`: a test seeds rows and reads results with
 *   another module's queries, helpers that do not belong in that module's public face. Only tests:
 *   the code that runs goes through the entry.
 * - Type-only imports follow the same rule: a type is part of what a module offers like a function
 *   is, and a type taken from an internal file ties its user to that file just the same.
 * - `vi.mock('../orders/service.js')` names a module's file too, and is judged the same way.
 * - `from` (folder prefixes, `*` for one name) limits the rule to the files under them; by default
 *   every file the rule is run on is held to it (src/server/app.ts, jobs, the CLI, db/seed, bench).
 * - Package imports are not judged (the project has no path aliases).
 */
const CODE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DEFAULT_TESTS = ['**/*.test.ts', '**/*.test.tsx'];

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Lets code use a server module only through its entry file (index.ts)' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The repository's root, which the paths below are relative to. */
          root: { type: 'string' },
          /** The modules: a pattern whose matches are the module folders, e.g. `src/server/modules/*`. */
          modules: { type: 'string' },
          /** A module's entry file, within its folder (default `index.ts`). */
          entry: { type: 'string' },
          from: { type: 'array', items: { type: 'string' } },
          testFiles: { type: 'array', items: { type: 'string' } },
          testsMayImportInternals: { type: 'boolean' },
        },
        required: ['root', 'modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{spec}}' is inside module {{module}}: import {{module}}/{{entry}} instead (a module is used only through its entry file, so its other files may change freely)",
    },
  },
  create(context) {
    const {
      root,
      modules,
      entry = 'index.ts',
      from,
      testFiles = DEFAULT_TESTS,
      testsMayImportInternals = true,
    } = context.options[0];
    const file = toPosix(path.relative(root, context.filename));
    if (file.startsWith('..')) return {};
    if (from && !from.some((f) => matchPrefix(f, file) !== null)) return {};
    if (testsMayImportInternals && globs(testFiles)(file)) return {};
    const own = moduleOf(modules, file)?.name ?? null;
    const entryStem = entry.replace(CODE_EXT, '');

    return {
      Program() {
        const sourceCode = context.sourceCode;
        for (const imp of importsOf(sourceCode.text, file)) {
          if (!imp.spec.startsWith('.')) continue;
          const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), imp.spec)));
          const mod = moduleOf(modules, target);
          if (mod === null || mod.name === own) continue;
          // A computed path (import(`../orders/${name}.js`)) inside another module may land on any of its files.
          if (!imp.computed && (mod.rest === '' || mod.rest.replace(CODE_EXT, '') === entryStem)) continue;
          context.report({
            loc: { start: sourceCode.getLocFromIndex(imp.start), end: sourceCode.getLocFromIndex(imp.end) },
            messageId: 'internal',
            data: { spec: imp.spec, module: mod.name, entry },
          });
        }
      },
    };
  },
};

/**
 * The module `p` is in, and its path within it (`''` for the module folder itself, which resolves
 * to its entry), or null. A file lying directly in the modules folder (a name with an extension
 * where a module's folder would be) belongs to no module.
 */
function moduleOf(pattern, p) {
  const name = matchPrefix(pattern, p);
  if (name === null) return null;
  const rest = p.slice(name.length).replace(/^\//, '');
  if (rest === '' && path.posix.extname(name) !== '') return null;
  return { name, rest };
}

export default rule;
