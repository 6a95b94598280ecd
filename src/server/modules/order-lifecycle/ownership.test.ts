import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

const OWNED = new Set(['orders', 'order_events']);
/** Kysely's builders that write the table named by their first argument. */
const WRITERS = new Set(['updateTable', 'insertInto', 'deleteFrom', 'replaceInto', 'mergeInto']);
/** A write of an owned table in SQL text: `update orders`, `insert into "order_events"`, `delete from orders o`. */
const SQL_WRITE =
  /\b(?:update\s+(?:only\s+)?|insert\s+(?:or\s+\w+\s+)?into\s+|replace\s+into\s+|delete\s+from\s+(?:only\s+)?|merge\s+into\s+)"?(orders|order_events)"?(?![\w"])/i;

/** The table a Kysely builder's argument names: `'orders'`, `'orders as o'`, `['orders', ...]`. */
function tablesOf(arg: ts.Expression | undefined): string[] {
  if (!arg) return [];
  if (ts.isStringLiteralLike(arg)) return [arg.text.trim().split(/\s+as\s+/i)[0]];
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.flatMap((e) => tablesOf(e));
  return [];
}

/** The text of a string or template literal, with each substitution as a blank. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
  return null;
}

/**
 * Every write of `orders` or `order_events` in a file's code: a Kysely builder on the table (under
 * any alias, with its arguments on any line) and SQL text that writes it (a `sql` template, a
 * `sql.raw` string or any other string handed to the database). Read with TypeScript's parser, so a
 * comment is not a write and a call split over lines still is.
 */
function orderWrites(text: string, fileName = 'x.ts'): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (WRITERS.has(method) && tablesOf(node.arguments[0]).some((t) => OWNED.has(t)))
        found.push(`${at(node.expression.name)}: ${method}(${node.arguments[0].getText(sf)})`);
    }
    const literal = literalText(node);
    const hit = literal === null ? null : SQL_WRITE.exec(literal);
    if (hit) found.push(`${at(node)}: ${hit[0]}`);
    // A template's parts are visited as the whole template above.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The order lifecycle is the one writer of an order's row and its history: a status, an AWB, a
 * bill number or a count changed anywhere else would skip the transition table, the kept counts or
 * the history. Seeding demo data (seed/) writes whole orders in bulk, and a migration moves
 * existing rows once to a new shape (with the counts recounted in the same migration): those are
 * the exceptions.
 */
describe('the order lifecycle owns the orders table', () => {
  const offenders = sourceFiles(serverRoot)
    .filter(
      (f) =>
        !f.startsWith(ownFolder + path.sep) &&
        !f.startsWith(path.join(serverRoot, 'seed') + path.sep) &&
        !f.startsWith(path.join(serverRoot, 'db', 'migrations') + path.sep),
    )
    .flatMap((f) => orderWrites(fs.readFileSync(f, 'utf8'), f).map((w) => `${path.relative(serverRoot, f)}:${w}`));

  it('no other server file writes orders or order_events', () => {
    expect(offenders).toEqual([]);
  });

  it('the check sees a write when there is one', () => {
    expect(orderWrites("await trx.updateTable('orders').set({ status: 'new' })")).toHaveLength(1);
    expect(orderWrites('exec.insertInto("order_events").values(e)')).toHaveLength(1);
    expect(orderWrites("trx.updateTable('order_products')")).toEqual([]);
  });

  it('under an alias, split over lines, or as raw SQL', () => {
    expect(orderWrites("await trx.updateTable('orders as o').set({ status: 'new' }).where('o.id', '=', 1)")).toEqual([
      "1: updateTable('orders as o')",
    ]);
    expect(orderWrites("await trx\n  .deleteFrom(\n    'order_events',\n  )\n  .where('id', '=', 1)")).toEqual([
      "2: deleteFrom('order_events')",
    ]);
    expect(orderWrites("trx.insertInto(['orders'])")).toHaveLength(1);
    expect(orderWrites('await sql`update orders set status = ${s} where id = ${id}`.execute(trx)')).toEqual([
      '1: update orders',
    ]);
    expect(orderWrites('await sql`\n  UPDATE "orders" AS o\n  SET status = ${s}`.execute(trx)')).toHaveLength(1);
    expect(orderWrites("await sql.raw('insert into order_events (order_id) values (1)').execute(trx)")).toHaveLength(1);
    expect(orderWrites('await sql`delete from order_events where order_id = ${id}`.execute(trx)')).toHaveLength(1);
    expect(orderWrites("await pool.query('INSERT OR IGNORE INTO orders (id) VALUES (1)')")).toHaveLength(1);
  });

  it('reads, other tables and comments are not writes', () => {
    expect(orderWrites("trx.selectFrom('orders as o').selectAll()")).toEqual([]);
    expect(orderWrites('sql`select * from orders where id = ${id}`')).toEqual([]);
    expect(orderWrites('sql`update orders_stats set n = 1`; sql`update order_products set q = 1`')).toEqual([]);
    expect(orderWrites("// trx.updateTable('orders')\n/* update orders set x = 1 */")).toEqual([]);
    expect(orderWrites('sql`update products set stock = 1 from orders where orders.id = ${id}`')).toEqual([]);
  });
});
