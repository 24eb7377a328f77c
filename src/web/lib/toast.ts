import type { ExternalToast } from 'sonner';
import { ERROR_MESSAGES } from '@/config/messages';

/*
 * Toasts without their library on the first page (#14, first load): sonner (≈ 10 KB) loads once
 * the first page is interactive (lib/after-interactive.ts), or with the first toast if that comes
 * sooner. A toast asked for before the Toaster is on the page waits for it: sonner drops what is
 * published before a Toaster listens.
 */
type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Asks for the Toaster (app/provider.tsx mounts it) and resolves once it listens. */
export function loadToaster(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return mounted;
}

/** For useSyncExternalStore: whether the Toaster has been asked for. */
export const toasterWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

/** Called by the Toaster once mounted (after sonner's own listener, a child's effect). */
export const toasterMounted = () => markMounted();

function show(call: (toast: Sonner['toast']) => void) {
  void loadToaster()
    .then(() => import('sonner'))
    .then(({ toast }) => call(toast));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show((t) => t.success(title, options)),
  error: (title: string, options?: ExternalToast) => show((t) => t.error(title, options)),
};

/** Destructive toast whose description is the error's (Portuguese) message, else the fallback. */
export function toastError(title: string, error: unknown, fallback: string = ERROR_MESSAGES.unexpected): void {
  const message = error instanceof Error && error.message ? error.message : fallback;
  toast.error(title, { description: message });
}
