import type { TestProject } from 'vitest/node';
import { dropRunSchemas, newTestRun, runSchemaName } from './pgSchemas.js';
import { makePgTemplate } from './pgTemplate.js';

/**
 * Once per run of the API tests: names the run, whose PostgreSQL schemas are dropped when it ends
 * (pgSchemas.ts says why not file by file), and migrates the schema the test apps copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = newTestRun();
  project.provide('testRun', run);
  const pgUrl = process.env.TEST_DATABASE_URL;
  project.provide('pgTemplate', pgUrl ? await makePgTemplate(pgUrl, runSchemaName('t', run)) : null);
  return async () => {
    if (pgUrl) await dropRunSchemas(pgUrl, run);
  };
}
