import type { TestProject } from 'vitest/node';
import type { DatabaseTemplate } from './test-database.ts';
import { createDatabaseTemplate } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** Migrates and bootstraps one template database per test run; every test app starts from a copy. */
export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
