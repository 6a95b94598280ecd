import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/import-boundaries.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The import rules of ARCHITECTURE.md, enforced by eslint/import-boundaries.js. */
const importRules = [
  {
    from: 'src/core',
    forbid: ['src/server', 'src/web'],
    because: 'core is shared by the server and the browser, so it imports neither',
  },
  {
    from: 'src/web',
    forbid: ['src/server'],
    because: 'the browser app talks to the server over HTTP only (shared types live in src/core)',
  },
  {
    from: 'src/server',
    forbid: ['src/web'],
    because: 'the server never runs browser code (shared rules live in src/core)',
  },
  {
    from: 'src/web/features/*',
    forbid: ['src/web/features/*'],
    otherThanOwn: true,
    because: 'a feature never imports another feature: share through src/web/components or src/web/lib',
  },
  {
    from: 'src/web/components',
    forbid: ['src/web/features'],
    exceptTests: true,
    because: 'shared pieces serve every feature and know none: what a feature needs is passed in',
  },
  {
    from: 'src/web/lib',
    forbid: ['src/web/features'],
    exceptTests: true,
    because: 'shared pieces serve every feature and know none: what a feature needs is passed in',
  },
  {
    from: 'src/server/providers',
    forbid: ['src/server/modules', 'src/server/emulators'],
    because: 'provider clients know their provider only, never the modules or the emulators',
  },
  {
    from: 'src/server/emulators',
    forbid: ['src/server/providers'],
    because:
      "an emulator stands in for the real provider, so it is written from the provider's API, not from our client",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', 'artifacts/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/import-boundaries': ['error', { root, boundaries: importRules }] },
  },
  {
    // A server module is used only through its index.ts; no import cycle between the server's parts, the files of src/core/api or those of src/web.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    rules: {
      'boundaries/module-entry': ['error', { root, modules: 'src/server/modules/*' }],
      'boundaries/no-module-cycles': [
        'error',
        {
          root,
          groups: ['src/server/*', 'src/server/modules/*', 'src/core/*'],
          // The web is checked file by file: it has no cycle between any two of its files.
          files: ['src/core/api', 'src/server/modules/integrations', 'src/web'],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
