import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, API tests through app.inject (SQLite, or PostgreSQL when
// TEST_DATABASE_URL is set), and browser tests against a real server in headless Chromium.
export default defineConfig({
  test: {
    projects: [
      // Component tests render Mantine in jsdom: on a loaded 2-core machine one took over the default 5 s.
      {
        test: {
          name: 'unit',
          include: [
            'src/core/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 20000,
          setupFiles: ['src/web/test/setup.ts'],
          // One worker per core (Vitest leaves one core idle by default).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/test/globalSetup.ts'],
          // Vitest gives a 2-core machine one worker; an API test waits on PostgreSQL, a child process
          // or a timer as much as it computes, so three files side by side keep both cores busy.
          maxWorkers: 3,
          // A worker's files share its modules (the server is imported once a worker, not once a
          // file): each file builds its own app and database, and none mocks a module.
          isolate: false,
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      // expect.poll waits up to 10 s (1 s by default): a save on a loaded machine can take longer.
      // A file's beforeAll starts a server that seeds the demo shop (up to the harness's 180 s
      // on a loaded machine), then a browser and a sign-in: the hook timeout covers all three.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          environment: 'node',
          testTimeout: 90000,
          hookTimeout: 240000,
          fileParallelism: false,
          expect: { poll: { timeout: 10000 } },
        },
      },
    ],
  },
});
