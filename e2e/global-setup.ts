import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds the web app once; each spec file starts its own server on it (e2e/server.ts). */
export default function setup() {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' });
}
