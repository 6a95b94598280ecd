import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What eslint/module-entry.js and eslint/no-module-cycles.js share: reading a file's imports,
 * resolving them to the file they land on, and the graph of imports between the folders (or
 * files) the code is divided into.
 *
 * Imports are read with TypeScript's parser rather than a regular expression over the text, so an
 * `import ... from '...'` inside a comment or a string is not taken for an import, and `import
 * type` / `import { type A }` are told from value imports the way tsc tells them (typescript is a
 * devDependency, already loaded by typescript-eslint).
 */

/**
 * The files left out of the graph unless `ignore` says otherwise: tests. A test is imported by
 * nothing, so its imports make no cycle in the code that runs.
 */
export const DEFAULT_IGNORE = ['**/*.test.ts', '**/*.test.tsx'];

/** The extensions of the files the graph reads. */
const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

export const toPosix = (p) => p.split(path.sep).join('/');

/**
 * Whether `p` is `pattern` or lies under it; answers the matched prefix (with `*` segments filled
 * in, so two files of one module or feature give the same answer), or null.
 */
export function matchPrefix(pattern, p) {
  const want = pattern.split('/');
  const have = p.split('/');
  if (have.length < want.length) return null;
  const matched = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i] !== '*' && want[i] !== have[i]) return null;
    matched.push(have[i]);
  }
  return matched.join('/');
}

/** A matcher for root-relative paths: `*` is part of one name, `**` any number of folders. */
export function globs(patterns) {
  const res = patterns.map((g) => {
    let re = '';
    for (let i = 0; i < g.length; i++) {
      const c = g[i];
      if (c === '*' && g[i + 1] === '*') {
        i++;
        if (g[i + 1] === '/') {
          i++;
          re += '(?:.*/)?';
        } else re += '.*';
      } else if (c === '*') re += '[^/]*';
      else if (c === '?') re += '[^/]';
      else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
    return new RegExp(`^${re}$`);
  });
  return (p) => res.some((re) => re.test(p));
}

/**
 * The imports of a file's text: the specifier, whether it is type-only (tsc erases it: `import
 * type`, `export type`, an import whose every name is `type X`, a type's `import('...')`), its
 * kind (`mock` for `vi.mock('...')`, which names a file without depending on it) and where it is.
 * A dynamic import of a template with substitutions (import(`../x/${name}.js`)) is answered
 * with `computed: true` and its literal start as the specifier: the rules judge where it may land.
 */
export function importsOf(text, fileName) {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (node, literal, typeOnly, how) => {
    if (literal && ts.isStringLiteralLike(literal))
      found.push({ spec: literal.text, typeOnly, kind: how, start: node.getStart(sf), end: node.getEnd() });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      add(node, node.moduleSpecifier, typeOnlyClause(node.importClause), 'import');
    } else if (ts.isExportDeclaration(node)) {
      const names = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
      add(
        node,
        node.moduleSpecifier,
        node.isTypeOnly || (names.length > 0 && names.every((e) => e.isTypeOnly)),
        'export',
      );
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly, 'import');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true, 'import');
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        // import(`../x/${name}.js`): the path is computed, so only its literal start is known.
        if (arg && ts.isTemplateExpression(arg))
          found.push({
            spec: arg.head.text,
            typeOnly: false,
            kind: 'dynamic',
            computed: true,
            start: node.getStart(sf),
            end: node.getEnd(),
          });
        else add(node, arg, false, 'dynamic');
      }
      const mock =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        callee.name.text === 'mock';
      if (mock) add(node, node.arguments[0], false, 'mock');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function typeOnlyClause(clause) {
  if (!clause) return false; // import './x.js' runs the file
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return true;
  if (clause.name) return false;
  const b = clause.namedBindings;
  return !!b && ts.isNamedImports(b) && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
}

/**
 * Where a relative specifier of `fromFile` (root-relative) lands, root-relative; null for a
 * package. `.js` is looked for as `.ts`/`.tsx` first (the project writes `.js` for its `.ts`
 * files), a specifier without extension as a file and then as a folder's index; `known` is the
 * set of files that exist. When nothing exists, the specifier's own path (with `.js` read as
 * `.ts`) is answered, so a folder import still lands in its folder.
 */
export function resolveImport(root, fromFile, spec, known) {
  if (!spec.startsWith('.')) return null;
  const rel = toPosix(path.relative(root, path.resolve(root, path.dirname(fromFile), spec)));
  const ext = path.posix.extname(rel);
  const stem = rel.slice(0, rel.length - ext.length);
  let candidates;
  if (ext === '.js' || ext === '.jsx') candidates = [`${stem}.ts`, `${stem}.tsx`, rel];
  else if (ext === '.mjs') candidates = [`${stem}.mts`, rel];
  else if (ext === '.cjs') candidates = [`${stem}.cts`, rel];
  else if (CODE.test(rel)) candidates = [rel];
  else
    candidates = [
      rel,
      ...['.ts', '.tsx', '.js', '.mts', '.mjs'].map((e) => rel + e),
      ...['ts', 'tsx', 'js'].map((e) => `${rel}/index.${e}`),
    ];
  return candidates.find((c) => known.has(c)) ?? candidates[0];
}

/**
 * How files fall into the graph's nodes. `groups` are patterns whose every match is a node
 * (`src/server/modules/*`: each module; `src/server/*`: each top folder of the server, and each
 * file lying directly in src/server, such as app.ts, is a node of its own); a file belongs to the
 * most specific group that matches it (the one with most segments), so with both patterns above
 * src/server/modules/orders/service.ts is in `src/server/modules/orders`, not `src/server/modules`.
 * `files` are folders where every file (at any depth) is a node by itself, for a file-level
 * graph; they win over groups. `ignore` (globs, default DEFAULT_IGNORE) leaves files out of the
 * graph altogether.
 */
export function nodeMapper({ groups = [], files = [], ignore = DEFAULT_IGNORE }) {
  const ignored = globs(ignore);
  const ordered = [...groups].sort((a, b) => b.split('/').length - a.split('/').length);
  return (rel) => {
    if (ignored(rel)) return null;
    for (const folder of files) if (rel.startsWith(`${folder}/`)) return rel;
    for (const g of ordered) {
      const hit = matchPrefix(g, rel);
      if (hit !== null) return hit;
    }
    return null;
  };
}

/** The folders whose files can be in the graph: each group's part before its first `*`, and each `files` folder. */
function scannedFolders({ groups = [], files = [] }) {
  const baseOf = (g) => {
    const parts = g.split('/');
    const wild = parts.findIndex((s) => s.includes('*'));
    return (wild === -1 ? parts : parts.slice(0, wild)).join('/');
  };
  const bases = [...groups.map(baseOf), ...files];
  return [...new Set(bases)].filter((b) => !bases.some((o) => o !== b && (o === '' || b.startsWith(`${o}/`))));
}

function walk(root, dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) walk(root, rel, out);
    else if (CODE.test(e.name)) out.push(rel);
  }
}

/**
 * The graph read from disk: `nodeOf(file)`, and `edges`, a Map from node to a Map from each node
 * it imports to the first import that shows it (`{ from, to }`, root-relative files). Imports
 * within a node, `vi.mock` and imports landing outside every node are left out; type-only imports
 * only count with `typeImports` (default true).
 */
export function importGraph(root, options) {
  const { typeImports = true } = options;
  const nodeOf = nodeMapper(options);
  const all = [];
  for (const folder of scannedFolders(options)) walk(root, folder, all);
  const known = new Set(all);
  const edges = new Map();
  for (const file of all) {
    const from = nodeOf(file);
    if (from === null) continue;
    for (const imp of importsOf(fs.readFileSync(path.join(root, file), 'utf8'), file)) {
      // A computed path names no one file, so it makes no edge (import-boundaries judges where it may land).
      if (imp.kind === 'mock' || imp.computed || (imp.typeOnly && !typeImports)) continue;
      const target = resolveImport(root, file, imp.spec, known);
      const to = target === null ? null : nodeOf(target);
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const out = edges.get(from);
      if (!out.has(to)) out.set(to, { from: file, to: target });
    }
  }
  return { nodeOf, known, edges };
}

/** The shortest way from `start` to `goal` along `edges` (both ends included), or null. */
export function shortestPath(edges, start, goal) {
  const before = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    if (at === goal) {
      const way = [];
      for (let n = goal; n !== null; n = before.get(n)) way.unshift(n);
      return way;
    }
    for (const next of edges.get(at)?.keys() ?? []) {
      if (!before.has(next)) {
        before.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** `a → b → a (b/x.ts imports a/y.ts; ...)`: a cycle, and for each of its steps the import that makes it. */
export function describeCycle(edges, cycle) {
  const steps = [];
  for (let i = 0; i + 1 < cycle.length; i++) {
    const w = edges.get(cycle[i]).get(cycle[i + 1]);
    steps.push(`${w.from} imports ${w.to}`);
  }
  return `${cycle.join(' → ')} (${steps.join('; ')})`;
}

/**
 * Every cycle of the graph, for a test over the real tree (`expect(moduleCycles(root, options)).toEqual([])`
 * fails with the cycles spelled out). Options as no-module-cycles' (groups, files, ignore,
 * typeImports). For each import between two nodes that can reach each other, the shortest cycle
 * through it is answered, once (so each import that takes part in a cycle is named by at least one
 * line, without listing the many longer cycles the same imports form), as `describeCycle` writes it.
 */
export function moduleCycles(root, options) {
  const { edges } = importGraph(root, options);
  const seen = new Set();
  const out = [];
  for (const [from, targets] of edges) {
    for (const to of targets.keys()) {
      const back = shortestPath(edges, to, from);
      if (!back) continue;
      const ring = [from, ...back.slice(0, -1)];
      // Rotate to begin at the least node, so one cycle found from two of its imports is one line.
      const first = ring.indexOf([...ring].sort()[0]);
      const rotated = [...ring.slice(first), ...ring.slice(0, first)];
      const key = rotated.join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(describeCycle(edges, [...rotated, rotated[0]]));
    }
  }
  return out.sort();
}
