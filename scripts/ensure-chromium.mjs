#!/usr/bin/env node
// Before `npm test`: the browser tests drive the system's Chromium (playwright-core downloads no
// browser), and the PDF tests read reports with poppler's pdftotext. Finds Chromium at
// CHROMIUM_PATH or /usr/bin/chromium and pdftotext on the PATH; where one is missing and this
// process may install system packages (root, with apt-get), installs Debian's `chromium` or
// `poppler-utils`; otherwise stops with one sentence that says what to install. CI (.ci/run)
// relies on this same step.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (name) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, name)));

const needs = [];
if (!executable(chromium)) needs.push('chromium');
if (!onPath('pdftotext')) needs.push('poppler-utils');
if (needs.length === 0) process.exit(0);

// Chromium at a path of the caller's choosing is never installed for them.
const canInstall =
  (process.env.CHROMIUM_PATH === undefined || !needs.includes('chromium')) &&
  process.getuid?.() === 0 &&
  executable('/usr/bin/apt-get');
if (canInstall) {
  console.log(`Instalando ${needs.join(' e ')} do Debian (apt-get) para os testes de navegador e de PDF…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (
    run(['update', '-qq']) &&
    run(['install', '-y', '-qq', ...needs]) &&
    executable(chromium) &&
    onPath('pdftotext')
  ) {
    process.exit(0);
  }
}
if (needs.includes('chromium')) {
  console.error(
    `Os testes de navegador precisam do Chromium em ${chromium}: instale-o com "sudo apt-get install -y chromium" (Debian/Ubuntu) ` +
      'ou indique outro executável em CHROMIUM_PATH, e rode npm test de novo.',
  );
} else {
  console.error(
    'Os testes de PDF precisam do pdftotext: instale-o com "sudo apt-get install -y poppler-utils" (Debian/Ubuntu) e rode npm test de novo.',
  );
}
process.exit(1);
