import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/compress-assets';
import { translationsPerLanguage } from './scripts/translations-per-language';

export default defineConfig({
  // precompress: .br and .gz next to each built file, served as they are (src/server/http/spa.ts).
  // translationsPerLanguage: `i18n.ts?lang=ro`, one language of a namespace (src/web/app/i18n.ts).
  plugins: [translationsPerLanguage(), react(), precompress()],
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
          return texts ? `assets/i18n-${texts[1].replace('/', '-')}-${texts[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
