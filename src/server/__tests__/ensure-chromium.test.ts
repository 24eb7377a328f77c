import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The `pretest` step (scripts/ensure-chromium.mjs) that the README's `npm test` and CI take. */
const script = path.resolve(import.meta.dirname, '../../../scripts/ensure-chromium.mjs');
const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, [script], { env: { ...process.env, ...env }, encoding: 'utf8' });

describe('ensure-chromium', () => {
  it('passes when the browser is there', () => {
    expect(run({ CHROMIUM_PATH: process.execPath }).status).toBe(0);
  });

  it('stops with one sentence saying what to install when it is not (and installs nothing for a path it was given)', () => {
    const res = run({ CHROMIUM_PATH: '/nao/existe/chromium' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Os testes de navegador precisam do Chromium em /nao/existe/chromium');
    expect(res.stderr).toContain('sudo apt-get install -y chromium');
    expect(res.stdout).toBe('');
  });
});
