import type { TestProject } from 'vitest/node';
import { dropRunSchemas, newTestRun } from './pgSchemas.js';

/**
 * Once per run of the API tests: names the run, whose PostgreSQL schemas are dropped when it ends
 * (pgSchemas.ts says why not file by file).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = newTestRun();
  project.provide('testRun', run);
  return async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (pgUrl) await dropRunSchemas(pgUrl, run);
  };
}
