import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { expect } from './fixtures';

/**
 * The build the e2e set-up made — inside Vitest, under NODE_ENV=test — is React's production build,
 * as every build is (vite.config.ts): dist/web never serves development code.
 */
describe('the built web app', () => {
  it("holds no development-only React code (its warnings' texts)", () => {
    const assets = path.resolve(import.meta.dirname, '../dist/web/assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // React's development warnings, and the development JSX runtime a development transform calls.
    const withDevCode = scripts.filter((f) =>
      /unique "key" prop|jsxDEV/.test(readFileSync(path.join(assets, f), 'utf8')),
    );
    expect(withDevCode).toEqual([]);
  });
});
