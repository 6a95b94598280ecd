import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importGraph } from './module-graph.js';

// Lints code as if it were a file of the repository, with the project's own eslint.config.js, and
// answers the import-boundary messages: proves the rules are wired, not only written.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  for (const m of result.messages) if (m.fatal) throw new Error(m.message);
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (file: string, code: string) => ruleErrors('boundaries/import-boundaries', file, code);

describe('import boundaries', () => {
  it('core imports neither server nor web', async () => {
    expect(await boundaryErrors('src/core/x.ts', "import { a } from '../server/app.js';\nexport const b = a;")).toEqual(
      ['src/core may not import src/server: core is shared by the server and the browser, so it imports neither'],
    );
    expect(await boundaryErrors('src/core/api/x.ts', "export { a } from '../../web/lib/api.js';")).toHaveLength(1);
    expect(await boundaryErrors('src/core/api/x.ts', "import { a } from '../money.js';\nexport const b = a;")).toEqual(
      [],
    );
  });

  it('web never imports server, and server never imports web (static or dynamic)', async () => {
    expect(
      await boundaryErrors('src/web/lib/x.ts', "import type { A } from '../../server/app.js';\nexport type B = A;"),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/server/x.ts', "export const b = () => import('../web/lib/api.js');")).toHaveLength(
      1,
    );
    expect(
      await boundaryErrors('src/web/lib/x.ts', "import { a } from '../../core/money.js';\nexport const b = a;"),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/server/x.ts', "import { a } from '../core/money.js';\nexport const b = a;"),
    ).toEqual([]);
  });

  it('a web feature imports its own files and shared ones, never another feature', async () => {
    const other = await boundaryErrors(
      'src/web/features/orders/parts/x.tsx',
      "import { a } from '../../products/api.js';\nexport const b = a;",
    );
    expect(other).toEqual([
      'src/web/features/orders may not import src/web/features/products: a feature never imports another feature: share through src/web/components or src/web/lib',
    ]);
    expect(
      await boundaryErrors(
        'src/web/features/orders/x.tsx',
        "import { a } from '../../features/products/api.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/web/features/orders/parts/x.tsx',
        "import { a } from '../OrdersPage.js';\nimport { c } from '../../../components/ListPage.js';\nexport const b = [a, c];",
      ),
    ).toEqual([]);
    // The app shell may import every feature (it routes to them).
    expect(
      await boundaryErrors(
        'src/web/app/x.tsx',
        "import { a } from '../features/products/api.js';\nexport const b = a;",
      ),
    ).toEqual([]);
  });

  it('providers import neither modules nor emulators; emulators never import providers', async () => {
    expect(
      await boundaryErrors(
        'src/server/providers/cargus/x.ts',
        "import { a } from '../../modules/orders/service.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/server/providers/x.ts',
        "import { a } from '../emulators/cargus.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/server/emulators/x.ts',
        "import { a } from '../providers/cargus.js';\nexport const b = a;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/server/providers/x.ts', "import { a } from '../lib/clock.js';\nexport const b = a;"),
    ).toEqual([]);
    // Modules use the providers (through the context), and tests may start an emulator.
    expect(
      await boundaryErrors(
        'src/server/modules/orders/x.ts',
        "import { a } from '../../providers/cargus.js';\nexport const b = a;",
      ),
    ).toEqual([]);
  });

  it("a type's import('…') names the file it imports, as an import declaration does", async () => {
    expect(await boundaryErrors('src/web/lib/x.ts', "export type A = import('../../server/app.js').App;")).toEqual([
      'src/web may not import src/server: the browser app talks to the server over HTTP only (shared types live in src/core)',
    ]);
    expect(
      await boundaryErrors(
        'src/web/features/orders/x.ts',
        "export type A = typeof import('../../../server/modules/orders/index.js');",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/web/features/orders/x.ts', "export type A = import('../products/api.js').Product;"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/web/lib/x.ts', "export type A = import('../../core/api/orders.js').Order;"),
    ).toEqual([]);
  });

  it('a dynamic import of a computed path is judged by where its literal start may land', async () => {
    // Without a substitution the template is a plain path.
    expect(
      await boundaryErrors('src/web/lib/x.ts', 'export const a = () => import(`../../server/app.js`);'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/web/lib/x.ts', 'export const a = (n: string) => import(`../../server/${n}.js`);'),
    ).toHaveLength(1);
    // `../${n}` from a feature may be any feature: it may reach another one.
    expect(
      await boundaryErrors('src/web/features/orders/x.ts', 'export const a = (n: string) => import(`../${n}/api.js`);'),
    ).toEqual([
      'src/web/features/orders may not import src/web/features/*: a feature never imports another feature: share through src/web/components or src/web/lib',
    ]);
    // `../../${n}` from src/web/lib may reach src/server.
    expect(
      await boundaryErrors('src/web/lib/x.ts', 'export const a = (n: string) => import(`../../${n}.js`);'),
    ).toHaveLength(1);
    // Within its own feature, or a package's computed name, it is not judged as crossing.
    expect(
      await boundaryErrors(
        'src/web/features/orders/x.ts',
        'export const a = (n: string) => import(`./locales/${n}.js`);',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/web/lib/x.ts', 'export const a = (n: string) => import(`dayjs/locale/${n}.js`);'),
    ).toEqual([]);
  });

  it('src/web/components and src/web/lib never import a feature (their tests may, for its texts)', async () => {
    expect(
      await boundaryErrors(
        'src/web/components/x.tsx',
        "import { a } from '../features/orders/api.js';\nexport const b = a;",
      ),
    ).toEqual([
      'src/web/components may not import src/web/features: shared pieces serve every feature and know none: what a feature needs is passed in',
    ]);
    expect(
      await boundaryErrors(
        'src/web/components/address/x.tsx',
        "export const b = () => import('../../features/orders/OrdersPage.js');",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/web/lib/x.ts', "export type A = import('../features/auth/loginError.js').X;"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/web/lib/x.test.ts',
        "import { a } from '../features/auth/loginError.js';\nexport const b = a;",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/web/lib/x.ts', "import { a } from '../components/ListPage.js';\nexport const b = a;"),
    ).toEqual([]);
  });

  it('no import cycle between two files of the web', async () => {
    // A real import of the web (a → b), and b's text with an import of a added: the lint must fail.
    const graph = importGraph(root, { files: ['src/web'] });
    const [a, targets] = [...graph.edges].find(([from]) => !from.endsWith('.test.ts') && !from.endsWith('.test.tsx'))!;
    const { to: b } = [...targets.values()][0];
    const back = path.posix.relative(path.posix.dirname(b), a).replace(/\.tsx?$/, '.js');
    const spec = back.startsWith('.') ? back : `./${back}`;
    const text = fs.readFileSync(path.join(root, b), 'utf8');
    const errors = await ruleErrors('boundaries/no-module-cycles', b, `import '${spec}';\n${text}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`This import closes an import cycle: ${b} → ${a} → ${b}`);
    expect(await ruleErrors('boundaries/no-module-cycles', b, text)).toEqual([]);
  });
});
