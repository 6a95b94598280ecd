import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_ROOTS = ['src/core', 'src/web', 'scripts', 'eslint'];

function unitTestFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return unitTestFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * Unit test files that replace a module (vi.mock): each needs a module graph of its own, since a
 * module another file already imported would keep its real version (or this file's fake would leak
 * into the next). Every other unit file shares its worker's modules and DOM, which
 * src/web/test/setup.ts resets before each file: loading jsdom, React and Mantine once a worker
 * instead of once a file halves the unit run. A statement that mocks starts its line (a test of a
 * lint rule may hold one in a string); a file that only watches toasts spies on them instead
 * (src/web/test/toasts.ts).
 */
const mockingUnitFiles = UNIT_ROOTS.flatMap(unitTestFiles).filter((f) =>
  /^\s*vi\.(mock|doMock)\(/m.test(fs.readFileSync(f, 'utf8')),
);

const unitProject = {
  environment: 'node',
  testTimeout: 20000,
  setupFiles: ['src/web/test/setup.ts'],
  // One worker per core (Vitest leaves one core idle by default).
  maxWorkers: 2,
};

// The projects: unit tests (two projects, run together with `--project 'unit*'`), API tests through
// app.inject (SQLite, or PostgreSQL when TEST_DATABASE_URL is set), and browser tests against a real
// server in headless Chromium.
export default defineConfig({
  test: {
    projects: [
      // Component tests render Mantine in jsdom: on a loaded 2-core machine one took over the default 5 s.
      {
        test: {
          ...unitProject,
          name: 'unit',
          include: UNIT_ROOTS.map((r) => `${r}/**/*.test.{ts,tsx}`),
          exclude: mockingUnitFiles,
          isolate: false,
        },
      },
      { test: { ...unitProject, name: 'unit-mocking', include: mockingUnitFiles } },
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
      // Two files at a time: each has its own server, data folder and browser, and waits on them
      // as much as it computes.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          environment: 'node',
          testTimeout: 90000,
          hookTimeout: 240000,
          maxWorkers: 2,
          expect: { poll: { timeout: 10000 } },
        },
      },
    ],
  },
});
