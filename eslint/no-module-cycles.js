import path from 'node:path';
import {
  DEFAULT_IGNORE,
  describeCycle,
  importGraph,
  importsOf,
  resolveImport,
  shortestPath,
  toPosix,
} from './module-graph.js';

/**
 * no-module-cycles: no import cycle between the parts of the server (its modules, and its top
 * folders: db, http, jobs, lib, providers, emulators, ...), nor between the files of a folder
 * asked to be checked file by file. Parts that import each other cannot be understood, tested or
 * changed one at a time, and a cycle makes the order modules are evaluated in matter (an import
 * read before it is initialised). What a part needs from another part that needs it belongs in a
 * third one both import, or is handed over as an argument.
 *
 * ESLint looks at one file at a time, and a cycle is a property of the whole tree: so the rule reads
 * the import graph of the configured folders from disk, once per process and options (files saved
 * since are not seen until ESLint restarts: an editor's ESLint server keeps the graph it read
 * first), and reports each import of the linted file whose target part can reach the file's own
 * part back. Both ends of a cycle are reported, each naming the cycle and the imports that close it.
 *
 * Options (paths relative to `root`):
 * - `groups`: patterns whose every match is one part (`src/server/modules/*`: each module;
 *   `src/server/*`: each top folder of the server, and each file directly in src/server). A file
 *   belongs to the most specific pattern that matches it.
 * - `files`: folders where each file is a part of its own, for cycles between files (such as
 *   src/core/api/invoices.ts ↔ orders.ts). They win over `groups`.
 * - `ignore`: globs of files left out of the graph; by default tests (`**\/*.test.ts(x)`): a test
 *   is imported by nothing, so its imports make no cycle in the code that runs.
 * - `typeImports` (default true): whether `import type` counts. It does by default: a type cycle
 *   is still two parts each defined in terms of the other, even though tsc erases the import.
 */
/** Graphs read from disk, by root and options: read once per ESLint process. */
const graphs = new Map();

function graphFor(options) {
  const key = JSON.stringify(options);
  if (!graphs.has(key)) graphs.set(key, importGraph(options.root, options));
  return graphs.get(key);
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbids import cycles between the configured folders (server modules, top server folders) or files',
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The repository's root, which the paths below are relative to. */
          root: { type: 'string' },
          groups: { type: 'array', items: { type: 'string' } },
          files: { type: 'array', items: { type: 'string' } },
          ignore: { type: 'array', items: { type: 'string' } },
          typeImports: { type: 'boolean' },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'This import closes an import cycle: {{cycle}}. Move what both sides need to a part both may import, or pass it in.',
    },
  },
  create(context) {
    const given = context.options[0];
    const options = {
      root: given.root,
      groups: given.groups ?? [],
      files: given.files ?? [],
      ignore: given.ignore ?? DEFAULT_IGNORE,
      typeImports: given.typeImports ?? true,
    };
    const { root } = options;
    const file = toPosix(path.relative(root, context.filename));
    if (file.startsWith('..')) return {};
    const graph = graphFor(options);
    const here = graph.nodeOf(file);
    if (here === null) return {};

    return {
      Program() {
        const sourceCode = context.sourceCode;
        // The linted text, not the file on disk, decides this file's own imports (an editor's
        // unsaved change counts); the rest of the graph is as read from disk.
        for (const imp of importsOf(sourceCode.text, file)) {
          if (imp.kind === 'mock' || imp.computed || (imp.typeOnly && !options.typeImports)) continue;
          const target = resolveImport(root, file, imp.spec, graph.known);
          const there = target === null ? null : graph.nodeOf(target);
          if (there === null || there === here) continue;
          const back = shortestPath(graph.edges, there, here);
          if (!back) continue;
          // The first step is this import; the way back is described by the imports on disk.
          const cycle = `${here} → ${describeCycle(graph.edges, back)}`;
          context.report({
            loc: { start: sourceCode.getLocFromIndex(imp.start), end: sourceCode.getLocFromIndex(imp.end) },
            messageId: 'cycle',
            data: { cycle },
          });
        }
      },
    };
  },
};

export default rule;
