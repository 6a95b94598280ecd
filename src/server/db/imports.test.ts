import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The code of db/ imports one way: connection.ts builds the database from the pieces of perf/, which
// never import it back (a type they share lives in types.ts). A cycle would make the pieces
// impossible to read, test or reuse one at a time, and the order in which the modules of a cycle
// run depends on which one is imported first.

const root = path.dirname(fileURLToPath(import.meta.url));

/** The files of db/ that are code, tests left out (a test may import whatever it checks). */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return codeFiles(p);
    return /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** A module's name: a .mjs file and its .d.mts declarations are one module. */
const moduleOf = (file: string) => file.replace(/\.d\.mts$/, '.mjs');

/** The files of db/ that a file imports by a relative path, `import type` and `export ... from` included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s*'(\.[^']+)'|^\s*import\s*'(\.[^']+)'/gm),
  ].map((m) => m[1] ?? m[2]);
  return specifiers.flatMap((s) => {
    const target = path.resolve(path.dirname(file), s);
    const found = [target.replace(/\.js$/, '.ts'), target].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    return found && found.startsWith(root + path.sep) ? [moduleOf(found)] : [];
  });
}

/** Every import path that comes back to where it started, as `a -> b -> a`. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (m: string) => {
    stack.push(m);
    for (const next of graph.get(m) ?? []) {
      const at = stack.indexOf(next);
      if (at >= 0) found.push([...stack.slice(at), next].map((f) => path.relative(root, f)).join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    done.add(m);
  };
  for (const m of graph.keys()) if (!done.has(m)) visit(m);
  return found;
}

describe('the imports of db/', () => {
  it('form no cycle', () => {
    const graph = new Map<string, string[]>();
    for (const file of codeFiles(root))
      graph.set(moduleOf(file), [...(graph.get(moduleOf(file)) ?? []), ...importsOf(file)]);
    expect(graph.size).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });
});
