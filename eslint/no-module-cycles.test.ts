import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import boundaries from './import-boundaries.js';
import { moduleCycles } from './module-graph.js';

// Each test writes a small repository to a temporary folder (the rule reads the import graph from
// disk) and lints one of its files with the plugin's no-module-cycles rule. Each tree is a new
// root, so the rule's graph, cached per root and options, is read afresh.
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
  made.push(root);
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), code);
  }
  return root;
}

const servers = { groups: ['src/server/*', 'src/server/modules/*'] };

/** The rule's messages on `file`, linted as it is on disk, or as `code` when given. */
function cycleErrors(root: string, file: string, options: Record<string, unknown> = servers, code?: string): string[] {
  const linter = new Linter({ cwd: root });
  const text = code ?? fs.readFileSync(path.join(root, file), 'utf8');
  const messages = linter.verify(
    text,
    [
      {
        files: ['**/*.{ts,tsx,js,mjs}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { boundaries },
        rules: { 'boundaries/no-module-cycles': ['error', { root, ...options }] },
      },
    ],
    path.join(root, file),
  );
  for (const m of messages) if (m.fatal) throw new Error(m.message);
  return messages.map((m) => `${m.line}: ${m.message}`);
}

const advice = 'Move what both sides need to a part both may import, or pass it in.';

describe('no-module-cycles', () => {
  it('reports both imports of two modules that import each other, naming the cycle', () => {
    const root = tree({
      'src/server/modules/orders/service.ts': "import { a } from '../shipping/index.js';\nexport const o = a;",
      'src/server/modules/orders/index.ts': "export * from './service.js';",
      'src/server/modules/shipping/index.ts':
        "import { o } from '../orders/index.js';\nexport const a = 1;\nexport const s = o;",
    });
    expect(cycleErrors(root, 'src/server/modules/orders/service.ts')).toEqual([
      `1: This import closes an import cycle: src/server/modules/orders → src/server/modules/shipping → src/server/modules/orders (src/server/modules/shipping/index.ts imports src/server/modules/orders/index.ts). ${advice}`,
    ]);
    expect(cycleErrors(root, 'src/server/modules/shipping/index.ts')).toEqual([
      `1: This import closes an import cycle: src/server/modules/shipping → src/server/modules/orders → src/server/modules/shipping (src/server/modules/orders/service.ts imports src/server/modules/shipping/index.ts). ${advice}`,
    ]);
    // Imports within a module make no cycle between modules.
    expect(cycleErrors(root, 'src/server/modules/orders/index.ts')).toEqual([]);
  });

  it('stays quiet when the imports go one way', () => {
    const root = tree({
      'src/server/modules/orders/index.ts':
        "import { a } from '../shipping/index.js';\nimport { c } from '../../lib/clock.js';\nexport const o = [a, c];",
      'src/server/modules/shipping/index.ts': "import { c } from '../../lib/clock.js';\nexport const a = c;",
      'src/server/lib/clock.ts': 'export const c = 1;',
    });
    for (const file of [
      'src/server/modules/orders/index.ts',
      'src/server/modules/shipping/index.ts',
      'src/server/lib/clock.ts',
    ])
      expect(cycleErrors(root, file)).toEqual([]);
    expect(moduleCycles(root, servers)).toEqual([]);
  });

  it('finds a longer cycle, through top folders as well as modules, and names every step', () => {
    const root = tree({
      'src/server/jobs/handlers.ts': "import { t } from '../modules/tracking/index.js';\nexport const h = t;",
      'src/server/jobs/queue.ts': 'export const q = 1;',
      'src/server/modules/tracking/index.ts': "import { o } from '../orders/index.js';\nexport const t = o;",
      'src/server/modules/orders/index.ts': "import { i } from '../invoices/index.js';\nexport const o = i;",
      'src/server/modules/invoices/index.ts': "import { q } from '../../jobs/queue.js';\nexport const i = q;",
    });
    expect(cycleErrors(root, 'src/server/modules/invoices/index.ts')).toEqual([
      '1: This import closes an import cycle: src/server/modules/invoices → src/server/jobs → src/server/modules/tracking → src/server/modules/orders → src/server/modules/invoices' +
        ' (src/server/jobs/handlers.ts imports src/server/modules/tracking/index.ts; src/server/modules/tracking/index.ts imports src/server/modules/orders/index.ts;' +
        ` src/server/modules/orders/index.ts imports src/server/modules/invoices/index.ts). ${advice}`,
    ]);
    expect(cycleErrors(root, 'src/server/jobs/handlers.ts')).toHaveLength(1);
    expect(moduleCycles(root, servers)).toEqual([
      'src/server/jobs → src/server/modules/tracking → src/server/modules/orders → src/server/modules/invoices → src/server/jobs' +
        ' (src/server/jobs/handlers.ts imports src/server/modules/tracking/index.ts; src/server/modules/tracking/index.ts imports src/server/modules/orders/index.ts;' +
        ' src/server/modules/orders/index.ts imports src/server/modules/invoices/index.ts; src/server/modules/invoices/index.ts imports src/server/jobs/queue.ts)',
    ]);
  });

  it('a node is the most specific group: modules are apart from one another, src/server files are nodes of their own', () => {
    const root = tree({
      'src/server/modules/a/index.ts': "import { b } from '../b/index.js';\nexport const a = b;",
      'src/server/modules/b/index.ts': "import { ctx } from '../../context.js';\nexport const b = ctx;",
      'src/server/context.ts': "import { e } from './http/errors.js';\nexport const ctx = e;",
      'src/server/http/errors.ts': 'export const e = 1;',
      'src/server/http/context.ts': "import { ctx } from '../context.js';\nexport const h = ctx;",
    });
    // With only `src/server/*`, modules a and b are one node and a → b is inside it.
    expect(cycleErrors(root, 'src/server/modules/a/index.ts', { groups: ['src/server/*'] })).toEqual([]);
    expect(moduleCycles(root, servers)).toEqual([
      'src/server/context.ts → src/server/http → src/server/context.ts (src/server/context.ts imports src/server/http/errors.ts; src/server/http/context.ts imports src/server/context.ts)',
    ]);
    expect(cycleErrors(root, 'src/server/http/context.ts')).toHaveLength(1);
  });

  it('counts type-only imports unless typeImports is false', () => {
    // Each module imports `back` by value, and `back` imports it in one of the type-only ways.
    const typeOnly = {
      clause: "import type { B } from '../back/index.js';\nexport type T = B;",
      inline: "import { type B } from '../back/index.js';\nexport type T = B;",
      importType: "export type T = import('../back/index.js').B;",
      reexport: "export type { B } from '../back/index.js';",
    };
    const root = tree({
      ...Object.fromEntries(
        Object.entries(typeOnly).map(([name, code]) => [`src/server/modules/${name}/index.ts`, code]),
      ),
      // A default import beside a type is a value import.
      'src/server/modules/mixed/index.ts': "import b, { type B } from '../back/index.js';\nexport const t: B = b;",
      'src/server/modules/back/index.ts': `${[...Object.keys(typeOnly), 'mixed'].map((name) => `import '../${name}/index.js';`).join('\n')}\nexport type B = number;\nexport default 1;`,
    });
    for (const name of Object.keys(typeOnly)) {
      expect(cycleErrors(root, `src/server/modules/${name}/index.ts`), name).toHaveLength(1);
      expect(
        cycleErrors(root, `src/server/modules/${name}/index.ts`, { ...servers, typeImports: false }),
        name,
      ).toEqual([]);
    }
    expect(cycleErrors(root, 'src/server/modules/mixed/index.ts', { ...servers, typeImports: false })).toHaveLength(1);
    expect(moduleCycles(root, servers)).toHaveLength(5);
    expect(moduleCycles(root, { ...servers, typeImports: false })).toEqual([
      'src/server/modules/back → src/server/modules/mixed → src/server/modules/back (src/server/modules/back/index.ts imports src/server/modules/mixed/index.ts; src/server/modules/mixed/index.ts imports src/server/modules/back/index.ts)',
    ]);
  });

  it('leaves tests out of the graph (nothing imports a test), unless `ignore` says otherwise', () => {
    const root = tree({
      'src/server/modules/orders/index.ts': "import { t } from '../tracking/index.js';\nexport const o = t;",
      'src/server/modules/tracking/index.ts': 'export const t = 1;',
      'src/server/modules/tracking/tracking.test.ts': "import { o } from '../orders/index.js';\nexport const x = o;",
    });
    expect(cycleErrors(root, 'src/server/modules/orders/index.ts')).toEqual([]);
    expect(cycleErrors(root, 'src/server/modules/tracking/tracking.test.ts')).toEqual([]);
    expect(cycleErrors(root, 'src/server/modules/orders/index.ts', { ...servers, ignore: [] })).toHaveLength(1);
  });

  it('checks the files of a `files` folder one by one', () => {
    const root = tree({
      'src/core/api/invoices.ts': "import type { Order } from './orders.js';\nexport type Invoice = { order: Order };",
      'src/core/api/orders.ts':
        "import type { Invoice } from './invoices.js';\nexport type Order = { invoices: Invoice[] };",
      'src/core/api/list.ts':
        "import type { Order } from './orders.js';\nimport type { Invoice } from './invoices.js';\nexport type L = [Order, Invoice];",
      'src/core/money.ts': 'export const m = 1;',
    });
    const options = { groups: ['src/core/*'], files: ['src/core/api'] };
    expect(cycleErrors(root, 'src/core/api/invoices.ts', options)).toEqual([
      `1: This import closes an import cycle: src/core/api/invoices.ts → src/core/api/orders.ts → src/core/api/invoices.ts (src/core/api/orders.ts imports src/core/api/invoices.ts). ${advice}`,
    ]);
    expect(cycleErrors(root, 'src/core/api/list.ts', options)).toEqual([]);
    expect(moduleCycles(root, options)).toEqual([
      'src/core/api/invoices.ts → src/core/api/orders.ts → src/core/api/invoices.ts (src/core/api/invoices.ts imports src/core/api/orders.ts; src/core/api/orders.ts imports src/core/api/invoices.ts)',
    ]);
    // As a group, src/core/api is one node: its files' imports are inside it.
    expect(moduleCycles(root, { groups: ['src/core/*'] })).toEqual([]);
  });

  it("judges the linted text for the file's own imports (an unsaved edit counts), the disk for the rest", () => {
    const root = tree({
      'src/server/modules/orders/index.ts': "import { s } from '../shipping/index.js';\nexport const o = s;",
      'src/server/modules/shipping/index.ts': "import { o } from '../orders/index.js';\nexport const s = o;",
      'src/server/modules/invoices/index.ts': 'export const i = 1;',
    });
    expect(cycleErrors(root, 'src/server/modules/orders/index.ts', servers, 'export const o = 1;')).toEqual([]);
    const added = "import { o } from '../orders';\nexport const i = o;";
    expect(cycleErrors(root, 'src/server/modules/invoices/index.ts', servers, added)).toEqual([]);
    const closing = "import { s } from '../shipping';\nexport const i = s;";
    expect(
      cycleErrors(
        root,
        'src/server/modules/orders/index.ts',
        servers,
        `// import { i } from '../invoices/index.js';\n${closing}`,
      ),
    ).toHaveLength(1);
  });

  it('an import written in a comment or a string is no import, in the file linted or on disk', () => {
    const root = tree({
      'src/server/modules/orders/index.ts': "import { s } from '../shipping/index.js';\nexport const o = s;",
      'src/server/modules/shipping/index.ts':
        "// import { o } from '../orders/index.js';\nexport const s = \"import { o } from '../orders/index.js'\";",
    });
    expect(cycleErrors(root, 'src/server/modules/orders/index.ts')).toEqual([]);
    expect(moduleCycles(root, servers)).toEqual([]);
  });
});
