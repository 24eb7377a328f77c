import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// src/server/heap-tuning.ts turns V8's allocation-site pretenuring off before the process allocates
// much (issue #17: a 100,000-row import's check grew the heap by ~250 MB of garbage with it, ~90 MB
// without). It works only when an entry point imports it before the rest of the app.
describe('the heap tuning', () => {
  const entries = ['src/server/main.ts', 'src/server/demo.ts', 'bench/run.ts'];
  for (const entry of entries) {
    it(`is the first import of ${entry}`, () => {
      const firstImport = readFileSync(entry, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('import '));
      expect(firstImport).toMatch(/^import '(\.\/|\.\.\/src\/server\/)heap-tuning';$/);
    });
  }

  it('turns pretenuring off', () => {
    const source = readFileSync('src/server/heap-tuning.ts', 'utf8');
    expect(source).toContain("v8.setFlagsFromString('--no-allocation-site-pretenuring')");
  });
});
