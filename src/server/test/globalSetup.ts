import type { TestProject } from 'vitest/node';
import { dropRunSchemas, newTestRun } from './pgSchemas.js';
import { makePgTemplate } from './pgTemplate.js';

/**
 * Once per run of the API tests: names the run, whose PostgreSQL schemas are dropped when it ends
 * (pgSchemas.ts says why not file by file), and migrates the schema the test apps copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = newTestRun();
  project.provide('testRun', run);
  const url = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplate', url ? await makePgTemplate(url, run) : null);
  return async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (pgUrl) await dropRunSchemas(pgUrl, run);
  };
}
