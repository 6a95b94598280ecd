import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/compress-assets';
import { MERGED_CHUNK, PLAN_PASS_ENV, planFirstLoad } from './scripts/first-load-chunks';
import { translationsPerLanguage } from './scripts/translations-per-language';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'src/web');

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // The first load's shared modules, merged into one chunk (scripts/first-load-chunks.ts): worked
  // out by a first build, which loads this config with PLAN_PASS_ENV set (and splits as usual).
  const planPass = Boolean(process.env[PLAN_PASS_ENV]);
  const merged =
    command === 'build' && !planPass ? await planFirstLoad(fileURLToPath(import.meta.url), WEB_ROOT) : null;
  return {
    // precompress: .br and .gz next to each built file, served as they are (src/server/http/spa.ts).
    // translationsPerLanguage: `i18n.ts?lang=ro`, one language of a namespace (src/web/app/i18n.ts).
    plugins: [translationsPerLanguage(), react(), planPass ? null : precompress()],
    root: 'src/web',
    publicDir: false,
    build: {
      outDir: '../../dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          // A namespace's texts in one language: i18n-<folder>-<lang>-<hash>.js (scripts/bundle-budget.mjs).
          chunkFileNames: (chunk) => {
            const texts = /([^/]+(?:\/bulk)?)\/i18n\.ts\?lang=(en|ro)$/.exec(chunk.facadeModuleId ?? '');
            return texts
              ? `assets/i18n-${texts[1].replace('/', '-')}-${texts[2]}-[hash].js`
              : 'assets/[name]-[hash].js';
          },
          ...(merged && {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => (merged.has(id) ? MERGED_CHUNK : null),
                  debugName: 'first-load',
                  // Their imports are merged or loaded already (the sign-in's files stay its own).
                  includeDependenciesRecursively: false,
                },
              ],
            },
          }),
        },
      },
    },
    server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  };
});
