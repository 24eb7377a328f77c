#!/usr/bin/env node
// Before `npm test`: the browser tests drive the system's Chromium (playwright-core downloads no
// browser). Finds it at CHROMIUM_PATH or /usr/bin/chromium; where it is missing and this process
// may install system packages (root, with apt-get), installs Debian's `chromium`; otherwise stops
// with one sentence that says what to install. CI (.ci/run) relies on this same step.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

if (executable(path)) process.exit(0);

const canInstall =
  process.env.CHROMIUM_PATH === undefined && process.getuid?.() === 0 && executable('/usr/bin/apt-get');
if (canInstall) {
  console.log('Chromium não encontrado: instalando o pacote chromium do Debian (apt-get) para os testes de navegador…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']) && executable(path)) process.exit(0);
}
console.error(
  `Os testes de navegador precisam do Chromium em ${path}: instale-o com "sudo apt-get install -y chromium" (Debian/Ubuntu) ` +
    'ou indique outro executável em CHROMIUM_PATH, e rode npm test de novo.',
);
process.exit(1);
