import path from 'node:path';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'src/web'),
  '@domain': path.resolve(import.meta.dirname, 'src/domain'),
};

const unit: TestProjectConfiguration = {
  resolve: { alias },
  test: {
    name: 'unit',
    // A worker runs file after file without importing the server again for each: no test
    // mocks modules or keeps module state (each file opens its own database), and it saves
    // about a quarter of the unit run.
    isolate: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Migrates one template database per run; each test file's database is a copy of it.
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

/** The browser specs: the real server (the built web app) driven in Debian's Chromium. */
const e2e: TestProjectConfiguration = {
  resolve: { alias },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

// TEST_BROWSER=skip leaves the browser specs out: CI's embedded pass sets it, because CI runs them
// once, in its PostgreSQL pass (.ci/run; docs/decisions/0031-browser-specs-once-in-ci.md).
// `npm test` alone runs every project.
const browserSpecs = process.env.TEST_BROWSER !== 'skip';

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores − 1); files wait on a
    // database, a server or a browser, so two at a time use the machine better (.ci/run: 11 → ~8 min).
    maxWorkers: 2,
    projects: browserSpecs ? [unit, e2e] : [unit],
  },
});
