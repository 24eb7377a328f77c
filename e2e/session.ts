import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { isSignedIn, openBrowser, reportFailure, signInAsOwner, type BrowserHandle } from './fixtures';
import { startServer, type TestServer } from './server';

export interface SpecSession {
  server: TestServer;
  browser: BrowserHandle;
  /** The current test's own context: its cookies are OWNER's once signed in. */
  context: BrowserContext;
  /** The current test's 1280 px page, on about:blank until the test goes somewhere. */
  page: Page;
}

/**
 * For one spec file: the app on a fresh database and Chromium, started before its tests and
 * stopped after them. Each test gets a new context and page — no storage or address left by
 * another test — signed in as OWNER unless `signIn` is false, so the tests of a file pass in any
 * order. The database is the file's: a test seeds what it needs through the API. `context` and
 * `page` change from test to test; read them inside a test or a beforeEach registered after this
 * one.
 */
export function useSpecSession({
  signIn = true,
  env,
}: {
  signIn?: boolean;
  /** The server's extra environment, read when it starts (after the spec's own beforeAll hooks registered before). */
  env?: () => Record<string, string>;
} = {}): SpecSession {
  const session = {} as SpecSession;
  // OWNER's session cookie, shared by the tests (a sign-in costs a scrypt hash); a test that signs
  // out or changes the password ends it, and the next test signs in again.
  let signedIn: BrowserContextOptions['storageState'];
  beforeAll(async () => {
    session.server = await startServer(env?.());
    session.browser = await openBrowser(session.server.baseURL);
  });
  beforeEach(async () => {
    ({ context: session.context, page: session.page } = await session.browser.newPage({ storageState: signedIn }));
    if (signIn && !(signedIn && (await isSignedIn(session.context)))) {
      await signInAsOwner(session.context);
      signedIn = await session.context.storageState();
    }
  });
  afterEach(async ({ task }) => {
    // What a failed test left on screen, before its pages close (the CI log is all there is).
    if (task.result?.state === 'fail') await reportFailure(task.name);
    await session.context?.close();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}

/** Runs `use` on a 390 × 844 phone page signed in as the current test's context, and closes it after. */
export async function onPhone(session: SpecSession, use: (page: Page) => Promise<void>) {
  const phone = await session.browser.newPage({ width: 390, height: 844 });
  try {
    await phone.context.addCookies(await session.context.cookies());
    await use(phone.page);
  } finally {
    await phone.context.close();
  }
}
