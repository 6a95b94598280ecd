import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ownFolder = path.join(serverRoot, 'modules', 'order-lifecycle');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/**
 * The order lifecycle is the one writer of an order's row and its history: a status, an AWB, a
 * bill number or a count changed anywhere else would skip the transition table, the kept counts or
 * the history. Seeding demo data (seed/) writes whole orders in bulk, and a migration moves
 * existing rows once to a new shape (with the counts recounted in the same migration): those are
 * the exceptions.
 */
describe('the order lifecycle owns the orders table', () => {
  const writes = /\.(updateTable|insertInto|deleteFrom)\(\s*['"](orders|order_events)['"]/;
  const offenders = sourceFiles(serverRoot)
    .filter(
      (f) =>
        !f.startsWith(ownFolder + path.sep) &&
        !f.startsWith(path.join(serverRoot, 'seed') + path.sep) &&
        !f.startsWith(path.join(serverRoot, 'db', 'migrations') + path.sep),
    )
    .flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(serverRoot, f)}:${i + 1}` }))
        .filter((l) => writes.test(l.line))
        .map((l) => `${l.at}: ${l.line.trim()}`),
    );

  it('no other server file writes orders or order_events', () => {
    expect(offenders).toEqual([]);
  });

  it('the check sees a write when there is one', () => {
    expect(writes.test("await trx.updateTable('orders').set({ status: 'new' })")).toBe(true);
    expect(writes.test('exec.insertInto("order_events").values(e)')).toBe(true);
    expect(writes.test("trx.updateTable('order_products')")).toBe(false);
  });
});
