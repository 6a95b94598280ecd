import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './import-boundaries.js';

// Lints code as if it were a file of a repository whose server modules live in
// src/server/modules/<name>, with the plugin's module-entry rule, and answers its messages. The
// rule reads nothing from disk, so the repository need not exist.
const root = path.join(os.tmpdir(), 'module-entry-repo');
const base = { root, modules: 'src/server/modules/*' };

function entryErrors(file: string, code: string, options: Record<string, unknown> = {}): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx,js,mjs}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { boundaries },
        rules: { 'boundaries/module-entry': ['error', { ...base, ...options }] },
      },
    ],
    path.join(root, file),
  );
  for (const m of messages) if (m.fatal) throw new Error(m.message);
  return messages.map((m) => m.message);
}

describe('module-entry', () => {
  it('a module imports another module through its index.ts only', () => {
    expect(
      entryErrors(
        'src/server/modules/invoices/service.ts',
        "import { lockOrder } from '../orders/service.js';\nexport const a = lockOrder;",
      ),
    ).toEqual([
      "'../orders/service.js' is inside module src/server/modules/orders: import src/server/modules/orders/index.ts instead (a module is used only through its entry file, so its other files may change freely)",
    ]);
    expect(
      entryErrors(
        'src/server/modules/invoices/service.ts',
        "import { lockOrder } from '../orders/index.js';\nexport const a = lockOrder;",
      ),
    ).toEqual([]);
  });

  it('judges where an import lands, not how it is written', () => {
    const file = 'src/server/modules/invoices/parts/lines.ts';
    expect(
      entryErrors(file, "import { a } from '../../../modules/orders/queries.js';\nexport const b = a;"),
    ).toHaveLength(1);
    expect(entryErrors(file, "import { a } from '../../orders/sub/deep.js';\nexport const b = a;")).toHaveLength(1);
    // The entry, however it is spelled: with .js, without extension, or the folder itself (TypeScript resolves it to index.ts).
    expect(entryErrors(file, "import { a } from '../../../modules/orders/index.js';\nexport const b = a;")).toEqual([]);
    expect(entryErrors(file, "import { a } from '../../orders/index';\nexport const b = a;")).toEqual([]);
    expect(
      entryErrors(
        file,
        "import { a } from '../../orders';\nimport { c } from '../../orders/';\nexport const b = [a, c];",
      ),
    ).toEqual([]);
    // An index.ts deeper in the module is not its entry.
    expect(entryErrors(file, "import { a } from '../../orders/sub/index.js';\nexport const b = a;")).toHaveLength(1);
  });

  it("a module's own files, at any depth, import one another freely", () => {
    expect(
      entryErrors(
        'src/server/modules/orders/service.ts',
        "import { a } from './queries.js';\nimport { c } from './parts/x.js';\nexport const b = [a, c];",
      ),
    ).toEqual([]);
    expect(
      entryErrors(
        'src/server/modules/orders/parts/x.ts',
        "import { a } from '../queries.js';\nimport { c } from '../../orders/service.js';\nexport const b = [a, c];",
      ),
    ).toEqual([]);
  });

  it('imports of what is not a module, and of packages, are not judged', () => {
    const code =
      "import { a } from '../../db/connection.js';\nimport { z } from 'zod';\nimport { c } from '../shared.js';\nimport { d } from '../../../core/money.js';\nexport const b = [a, z, c, d];";
    expect(entryErrors('src/server/modules/orders/service.ts', code)).toEqual([]);
  });

  it('holds files outside the modules to it: app.ts, jobs, db/seed, bench', () => {
    expect(
      entryErrors(
        'src/server/app.ts',
        "import { orderRoutes } from './modules/orders/routes.js';\nexport const a = orderRoutes;",
      ),
    ).toHaveLength(1);
    expect(
      entryErrors(
        'src/server/app.ts',
        "import { orderRoutes } from './modules/orders/index.js';\nexport const a = orderRoutes;",
      ),
    ).toEqual([]);
    expect(
      entryErrors(
        'src/server/jobs/handlers.ts',
        "import { a } from '../modules/invoices/job.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      entryErrors(
        'src/server/db/seed/orders.ts',
        "import { a } from '../../modules/geo/data.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      entryErrors('bench/geo.ts', "import { a } from '../src/server/modules/geo/service.js';\nexport const b = a;"),
    ).toHaveLength(1);
    // A file lying directly in the modules folder belongs to no module, so it goes through the entry too.
    expect(
      entryErrors('src/server/modules/shared.ts', "import { a } from './orders/queries.js';\nexport const b = a;"),
    ).toHaveLength(1);
  });

  it('`from` limits the files held to it', () => {
    const options = { from: ['src/server'] };
    expect(
      entryErrors(
        'bench/geo.ts',
        "import { a } from '../src/server/modules/geo/service.js';\nexport const b = a;",
        options,
      ),
    ).toEqual([]);
    expect(
      entryErrors('src/server/app.ts', "import { a } from './modules/geo/service.js';\nexport const b = a;", options),
    ).toHaveLength(1);
  });

  it('every way of naming a file counts: type-only imports, re-exports, import(), import type(), vi.mock', () => {
    const file = 'src/server/modules/shipping/service.ts';
    expect(entryErrors(file, "import type { GeoData } from '../geo/data.js';\nexport type G = GeoData;")).toHaveLength(
      1,
    );
    expect(entryErrors(file, "import { type GeoData } from '../geo/data.js';\nexport type G = GeoData;")).toHaveLength(
      1,
    );
    expect(entryErrors(file, "export type G = import('../geo/data.js').GeoData;")).toHaveLength(1);
    expect(entryErrors(file, "export { geoData } from '../geo/data.js';")).toHaveLength(1);
    expect(entryErrors(file, "export * from '../geo/data.js';")).toHaveLength(1);
    expect(entryErrors(file, "export const load = () => import('../geo/data.js');")).toHaveLength(1);
    expect(
      entryErrors('src/server/modules/shipping/x.test.ts', "vi.mock('../orders/service.js');", {
        testsMayImportInternals: false,
      }),
    ).toHaveLength(1);
  });

  it("a computed dynamic import into another module may reach its internals: only the module's own are free", () => {
    const file = 'src/server/modules/shipping/service.ts';
    expect(entryErrors(file, 'export const load = (n: string) => import(`../geo/${n}.js`);')).toHaveLength(1);
    expect(entryErrors(file, 'export const load = (n: string) => import(`../geo${n}`);')).toHaveLength(1);
    expect(entryErrors(file, 'export const load = () => import(`../geo/data.js`);')).toHaveLength(1);
    expect(entryErrors(file, 'export const load = () => import(`../geo/index.js`);')).toEqual([]);
    expect(entryErrors(file, 'export const load = (n: string) => import(`./parts/${n}.js`);')).toEqual([]);
  });

  it('an import written in a comment or a string is no import', () => {
    const code =
      "// import { a } from '../orders/service.js';\n/* export * from '../orders/queries.js' */\nexport const s = \"import { b } from '../orders/service.js'\";";
    expect(entryErrors('src/server/modules/invoices/service.ts', code)).toEqual([]);
  });

  it("tests may import another module's internals, unless testsMayImportInternals is false", () => {
    const test = 'src/server/modules/tracking/tracking.test.ts';
    const code =
      "import { bumpCounts } from '../orders/queries.js';\nimport { a } from './service.js';\nexport const b = [bumpCounts, a];";
    expect(entryErrors(test, code)).toEqual([]);
    expect(entryErrors(test, code, { testsMayImportInternals: false })).toEqual([
      "'../orders/queries.js' is inside module src/server/modules/orders: import src/server/modules/orders/index.ts instead (a module is used only through its entry file, so its other files may change freely)",
    ]);
    // A test outside the modules, too; which files are tests is configurable.
    expect(
      entryErrors(
        'src/server/jobs/runner.test.ts',
        "import { a } from '../modules/orders/queries.js';\nexport const b = a;",
      ),
    ).toEqual([]);
    expect(
      entryErrors('bench/geo.ts', "import { a } from '../src/server/modules/geo/service.js';\nexport const b = a;", {
        testFiles: ['bench/**'],
      }),
    ).toEqual([]);
    // Only tests: the module's other files still go through the entry.
    expect(entryErrors('src/server/modules/tracking/service.ts', code)).toHaveLength(1);
  });

  it('the entry file is configurable', () => {
    const file = 'src/server/modules/invoices/service.ts';
    expect(
      entryErrors(file, "import { a } from '../orders/api.js';\nexport const b = a;", { entry: 'api.ts' }),
    ).toEqual([]);
    expect(
      entryErrors(file, "import { a } from '../orders/index.js';\nexport const b = a;", { entry: 'api.ts' }),
    ).toEqual([
      "'../orders/index.js' is inside module src/server/modules/orders: import src/server/modules/orders/api.ts instead (a module is used only through its entry file, so its other files may change freely)",
    ]);
  });
});
