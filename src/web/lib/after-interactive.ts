import type { QueryClient } from '@tanstack/react-query';

/** The performance mark set once the first page is on screen and answers input (e2e/first-load.spec.ts reads it). */
export const INTERACTIVE_MARK = 'milheiro:interactive';

let interactive = false;
const waiting: (() => void)[] = [];

/**
 * Runs `task` when the browser is idle after the first page became interactive (at once, if it
 * already did): what no first page needs — the toasts' library, the shell's menus and drawer —
 * loads then.
 */
export function whenInteractive(task: () => void): void {
  if (interactive) task();
  else waiting.push(task);
}

/** Whether the first page has become interactive (its idle moment has come). */
export const isInteractive = (): boolean => interactive;

/** What is read of the app's router (app/router.tsx's, which imports this module). */
interface AppRouterLike {
  state: { initialized: boolean; navigation: { state: string }; location: { key: string } };
  subscribe: (listener: () => void) => () => void;
}

/** The location whose page React last committed (PageShown, app/router.tsx), and who waits for it. */
let shownLocation: string | null = null;
const shownListeners = new Set<() => void>();

/**
 * Called once React has committed the page of the location `key`. The router's state changes
 * before React has drawn it (a navigation is rendered as a transition, in slices between frames),
 * so the router being idle with no query under way did not mean the page was on screen: the first
 * page was marked interactive, and the deferred modules began loading, while the spinner still
 * showed (about one first visit in two on the demo).
 */
export function markPageShown(key: string): void {
  shownLocation = key;
  for (const listener of shownListeners) listener();
}

/**
 * Runs `work` once the first page is shown whole — the router's first navigation done and the
 * data it asked for arrived (a spinner or a skeleton is not the page) — painted, and the browser
 * idle: what no first page needs (the toasts' library) loads then, not before. Marks the moment
 * as INTERACTIVE_MARK. Returns a cleanup.
 */
export function afterFirstPageInteractive(
  router: AppRouterLike,
  queryClient: QueryClient,
  work: () => void,
): () => void {
  let done = false;
  let frame = 0;
  const settled = () =>
    router.state.initialized &&
    router.state.navigation.state === 'idle' &&
    shownLocation === router.state.location.key &&
    queryClient.isFetching() === 0;
  const check = () => {
    if (done || !settled()) return;
    // Two frames: the render that follows the last answer (and any module it starts loading) comes first.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (done || !settled()) return;
        done = true;
        stop();
        performance.mark(INTERACTIVE_MARK);
        const run = () => {
          interactive = true;
          work();
          // One task each: run together, the deferred modules' loads (and the renders of those
          // already cached) made one long task after the page was drawn (#14).
          const next = () => {
            const task = waiting.shift();
            if (!task) return;
            task();
            setTimeout(next, 0);
          };
          next();
        };
        if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
        else setTimeout(run, 200);
      });
    });
  };
  const unsubscribeRouter = router.subscribe(check);
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  shownListeners.add(check);
  const stop = () => {
    unsubscribeRouter();
    unsubscribeQueries();
    shownListeners.delete(check);
  };
  check();
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}
