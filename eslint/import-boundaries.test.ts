import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints code as if it were a file of the repository, with the project's own eslint.config.js, and
// answers the import-boundary messages: proves the rules are wired, not only written.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/import-boundaries').map((m) => m.message);
}

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
});
