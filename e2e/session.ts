import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openBrowser, signInAsOwner, type BrowserHandle } from './fixtures';
import { startServer, type TestServer } from './server';

export interface SpecSession {
  server: TestServer;
  browser: BrowserHandle;
  /** The first page's context: its cookies are OWNER's once signed in. */
  context: BrowserContext;
  page: Page;
}

/**
 * For one spec file: the app on a fresh database, Chromium, and a 1280 px page — signed in as
 * OWNER unless `signIn` is false — started before its tests and stopped after them. The fields
 * are there once the spec's first beforeAll has run (register this before the spec's own).
 */
export function useSpecSession({ signIn = true }: { signIn?: boolean } = {}): SpecSession {
  const session = {} as SpecSession;
  beforeAll(async () => {
    session.server = await startServer();
    session.browser = await openBrowser(session.server.baseURL);
    ({ context: session.context, page: session.page } = await session.browser.newPage());
    if (signIn) await signInAsOwner(session.context);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}

/** A locator's text with its white space collapsed, as a user reads it. */
export async function text(locator: { innerText(): Promise<string> }) {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
