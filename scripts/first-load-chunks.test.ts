import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { firstLoadModules } from './first-load-chunks';

const WEB = '/repo/src/web';
const chunk = (fileName: string, fields: Partial<Rolldown.OutputChunk>): Rolldown.OutputChunk =>
  ({
    fileName,
    imports: [],
    moduleIds: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...fields,
  }) as Rolldown.OutputChunk;

describe('firstLoadModules', () => {
  // index (sign-in) → start (dynamic) → Layout, DashboardPage (dynamic); shared chunks between them.
  const chunks = [
    chunk('index.js', { isEntry: true, imports: ['storage.js'], moduleIds: [`${WEB}/main.ts`] }),
    chunk('storage.js', { moduleIds: [`${WEB}/lib/storage.ts`] }),
    chunk('start.js', {
      isDynamicEntry: true,
      facadeModuleId: path.join(WEB, 'app/start.tsx'),
      imports: ['react.js', 'storage.js'],
      moduleIds: [`${WEB}/app/start.tsx`],
    }),
    chunk('react.js', { moduleIds: ['/nm/react/index.js', '/nm/react-dom/index.js'] }),
    chunk('Layout.js', {
      isDynamicEntry: true,
      facadeModuleId: path.join(WEB, 'app/Layout.tsx'),
      imports: ['react.js', 'Select.js'],
      moduleIds: [`${WEB}/app/Layout.tsx`],
    }),
    chunk('Select.js', { imports: ['react.js'], moduleIds: ['/nm/@mantine/core/Select.mjs'] }),
    chunk('DashboardPage.js', {
      isDynamicEntry: true,
      facadeModuleId: path.join(WEB, 'features/dashboard/DashboardPage.tsx'),
      imports: ['Table.js'],
      moduleIds: [`${WEB}/features/dashboard/DashboardPage.tsx`],
    }),
    chunk('Table.js', { moduleIds: ['/nm/@mantine/core/Table.mjs'] }),
    // Another screen's own shared chunk: not loaded with the dashboard.
    chunk('ProductsPage.js', {
      isDynamicEntry: true,
      facadeModuleId: `${WEB}/features/products/ProductsPage.tsx`,
      imports: ['Table.js', 'NumberInput.js'],
    }),
    chunk('NumberInput.js', { moduleIds: ['/nm/@mantine/core/NumberInput.mjs'] }),
  ];

  it("merges the chunks the start, the frame and the dashboard share, not their own nor the sign-in's nor another screen's", () => {
    expect([...firstLoadModules(chunks, WEB)].sort()).toEqual([
      '/nm/@mantine/core/Select.mjs',
      '/nm/@mantine/core/Table.mjs',
      '/nm/react-dom/index.js',
      '/nm/react/index.js',
    ]);
  });

  it('fails loudly when a root has no chunk (a file renamed)', () => {
    expect(() => firstLoadModules(chunks, WEB, ['app/Gone.tsx'])).toThrow(/no chunk for/);
  });
});
