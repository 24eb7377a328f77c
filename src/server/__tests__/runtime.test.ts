import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

describe('runtime', () => {
  it('runs on the Node LTS line the project pins (24), not the system Node', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    expect(pkg.dependencies.node).toBe(process.versions.node);
    expect(pkg.engines.node).toBe('>=24 <25');
    expect(readFileSync(new URL('../../../.nvmrc', import.meta.url), 'utf8').trim()).toBe('24');
  });
});
