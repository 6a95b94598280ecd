import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md is where a newcomer learns what the server's modules and the web's features are:
// a folder it does not name is a part nobody was told about. Each folder must appear in it as a
// word of its own ("orders" is not found inside "order-lifecycle", nor "cod" inside "code"). The
// index of docs/ is how a newcomer finds a decision: a file missing from it is a decision unread.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const architecture = fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

function folders(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Whether `text` names `name` as a word of its own (letters, digits, `-` and `_` do not continue it). */
function names(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}

describe('ARCHITECTURE.md names every part, docs/README.md every decision file', () => {
  it('every server module', () => {
    const modules = folders('src/server/modules');
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((m) => !names(architecture, m))).toEqual([]);
  });

  it('every web feature', () => {
    const features = folders('src/web/features');
    expect(features.length).toBeGreaterThan(0);
    expect(features.filter((f) => !names(architecture, f))).toEqual([]);
  });

  it('docs/README.md lists every file of docs/, and only files that exist', () => {
    const index = fs.readFileSync(path.join(root, 'docs', 'README.md'), 'utf8');
    const files = fs
      .readdirSync(path.join(root, 'docs'))
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .sort();
    const listed = [...index.matchAll(/^- \[([^\]]+\.md)\]\(\1\): \S/gm)].map((m) => m[1]).sort();
    expect(files.filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('a name is found only as a word of its own', () => {
    expect(names('modules: orders, order-lifecycle', 'orders')).toBe(true);
    expect(names('modules: order-lifecycle', 'order')).toBe(false);
    expect(names('modules: order-lifecycle, order-bulk', 'orders')).toBe(false);
    expect(names('the source code', 'cod')).toBe(false);
    expect(names('`cod` (cash on delivery)', 'cod')).toBe(true);
    expect(names('return-requests and sources', 'return-requests')).toBe(true);
  });
});
