import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/compress-assets';

export default defineConfig({
  // precompress: .br and .gz next to each built file, served as they are (src/server/http/spa.ts).
  plugins: [react(), precompress()],
  root: 'src/web',
  publicDir: false,
  build: { outDir: '../../dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
