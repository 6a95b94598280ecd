import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, API tests through app.inject (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set), and browser tests against a real server in headless Chromium.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/core/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'eslint/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'api', include: ['src/server/**/*.test.ts'], environment: 'node', testTimeout: 20000, hookTimeout: 30000 } },
      { test: { name: 'e2e', include: ['e2e/**/*.e2e.ts'], environment: 'node', testTimeout: 90000, hookTimeout: 90000, fileParallelism: false } },
    ],
  },
});
