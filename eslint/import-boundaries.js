import path from 'node:path';
import moduleEntry from './module-entry.js';
import noModuleCycles from './no-module-cycles.js';
import { DEFAULT_IGNORE as TEST_FILES, globs, importsOf, matchPrefix, toPosix } from './module-graph.js';

/**
 * The import rules between the parts of the code (ARCHITECTURE.md, "Import rules"): each boundary names the
 * files it applies to (`from`) and the folders they may not import (`forbid`). A `*` segment stands
 * for one folder name; `forbid: ['src/web/features/*']` with `otherThanOwn` lets a file import its
 * own feature but no other.
 *
 * Import specifiers are resolved against the importing file, so `../../server/x.js` and
 * `../server/x.js` are judged by where they land, not by how they are written (a pattern on the
 * text cannot tell `../products/api` inside a feature from the products feature itself). Package
 * imports are not judged (the project has no path aliases).
 *
 * A dynamic import of a computed path (import(`../../server/${name}.js`)) is judged by its literal
 * start: it breaks a boundary when that start lies in a forbidden folder, or when a forbidden
 * folder lies under it (`../${name}` from a feature may reach another feature). `exceptTests`
 * leaves test files out of a boundary.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keeps core, server, web, web features, providers and emulators from importing what they must not',
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The repository's root, which the paths below are relative to. */
          root: { type: 'string' },
          boundaries: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                forbid: { type: 'array', items: { type: 'string' } },
                otherThanOwn: { type: 'boolean' },
                exceptTests: { type: 'boolean' },
                because: { type: 'string' },
              },
              required: ['from', 'forbid'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'boundaries'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{file}} may not import {{target}}: {{because}}' },
  },
  create(context) {
    const { root, boundaries } = context.options[0];
    const file = toPosix(path.relative(root, context.filename));
    const tests = globs(TEST_FILES)(file);
    const applying = boundaries
      .filter((b) => !(b.exceptTests && tests))
      .map((b) => ({ ...b, own: matchPrefix(b.from, file) }))
      .filter((b) => b.own !== null);
    if (applying.length === 0) return {};

    /** The first boundary an import breaks, with the folder it reaches; null when it breaks none. */
    function broken(imp) {
      const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), imp.spec)));
      for (const b of applying) {
        for (const forbidden of b.forbid) {
          const hit = matchPrefix(forbidden, target);
          if (hit !== null) {
            if (b.otherThanOwn && hit === b.own) continue;
            return { b, hit };
          }
          // A computed path is judged by its literal start: if a forbidden folder lies under it,
          // the import may land there, and the linter cannot prove it does not.
          if (imp.computed && mayReach(forbidden, target)) return { b, hit: forbidden };
        }
      }
      return null;
    }

    return {
      // Read with TypeScript's parser (module-graph.js), as module-entry and no-module-cycles do:
      // static and dynamic imports, re-exports, import x = require(), a type's import('...'),
      // import(`...${x}`) and vi.mock('...') are all imports.
      Program() {
        const sourceCode = context.sourceCode;
        for (const imp of importsOf(sourceCode.text, file)) {
          if (!imp.spec.startsWith('.')) continue;
          const found = broken(imp);
          if (found === null) continue;
          context.report({
            loc: { start: sourceCode.getLocFromIndex(imp.start), end: sourceCode.getLocFromIndex(imp.end) },
            messageId: 'forbidden',
            data: {
              file: found.b.own,
              target: found.hit,
              because: found.b.because ?? 'see the import rules in ARCHITECTURE.md',
            },
          });
        }
      },
    };
  },
};

/** Whether a folder matched by `pattern` (`*` for one name) lies under `folder`. */
function mayReach(pattern, folder) {
  const want = pattern.split('/');
  const have = folder === '' ? [] : folder.split('/');
  if (have.length >= want.length) return false;
  return have.every((seg, i) => want[i] === '*' || want[i] === seg);
}

/**
 * The project's plugin: import-boundaries (above), module-entry (a server module is used only
 * through its index.ts) and no-module-cycles (no import cycle between the server's parts).
 */
export default {
  rules: { 'import-boundaries': rule, 'module-entry': moduleEntry, 'no-module-cycles': noModuleCycles },
};
