import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { provideDbTemplate } from '../src/server/testing/db-template';

/**
 * Builds the web app once, and migrates one template database that each spec file's server
 * starts from (e2e/server.ts).
 */
export default function setup(project: TestProject) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  return provideDbTemplate(project);
}
