import path from 'node:path';
import moduleEntry from './module-entry.js';
import noModuleCycles from './no-module-cycles.js';
import { matchPrefix, toPosix } from './module-graph.js';

/**
 * The import rules between the parts of the code (README, "Architecture"): each boundary names the
 * files it applies to (`from`) and the folders they may not import (`forbid`). A `*` segment stands
 * for one folder name; `forbid: ['src/web/features/*']` with `otherThanOwn` lets a file import its
 * own feature but no other.
 *
 * Import specifiers are resolved against the importing file, so `../../server/x.js` and
 * `../server/x.js` are judged by where they land, not by how they are written (a pattern on the
 * text cannot tell `../products/api` inside a feature from the products feature itself). Package
 * imports are not judged (the project has no path aliases).
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
    const applying = boundaries.map((b) => ({ ...b, own: matchPrefix(b.from, file) })).filter((b) => b.own !== null);
    if (applying.length === 0) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = toPosix(path.relative(root, path.resolve(path.dirname(context.filename), source.value)));
      for (const b of applying) {
        for (const forbidden of b.forbid) {
          const hit = matchPrefix(forbidden, target);
          if (hit === null) continue;
          if (b.otherThanOwn && hit === b.own) continue;
          context.report({
            node,
            messageId: 'forbidden',
            data: { file: b.own, target: hit, because: b.because ?? 'see the import rules in README' },
          });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      // vi.mock('../x') and import x = require('../x') name modules too.
      CallExpression: (node) => {
        const [first] = node.arguments;
        const callee = node.callee;
        const mocked =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.name === 'mock';
        if (mocked && first?.type === 'Literal') check(node, first);
      },
      TSExternalModuleReference: (node) => check(node, node.expression),
    };
  },
};

/**
 * The project's plugin: import-boundaries (above), module-entry (a server module is used only
 * through its index.ts) and no-module-cycles (no import cycle between the server's parts).
 */
export default {
  rules: { 'import-boundaries': rule, 'module-entry': moduleEntry, 'no-module-cycles': noModuleCycles },
};
