import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'src/web'),
  '@domain': path.resolve(import.meta.dirname, 'src/domain'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest runs one file at a time on a 2-core machine by default (cores − 1); files wait on a
    // database, a server or a browser, so two at a time use the machine better (.ci/run: 11 → ~8 min).
    maxWorkers: 2,
    projects: [
      {
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
      },
      {
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
      },
    ],
  },
});
