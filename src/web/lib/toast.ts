import type { ExternalToast } from 'sonner';
import { ERROR_MESSAGES } from '@/config/messages';

/*
 * Toasts without their library on the first page (#14, first load): sonner (≈ 10 KB) loads once
 * the first page is interactive (lib/after-interactive.ts), or with the first toast if that comes
 * sooner. A toast asked for before the Toaster is on the page waits for it: sonner drops what is
 * published before a Toaster listens. A module that fails to load (offline) never breaks the page.
 */
type Sonner = typeof import('sonner');

let loader: (() => Promise<void>) | null = null;
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** The app's way of loading the Toaster (app/provider.tsx): idempotent, and tried again after a failure. */
export function setToasterLoader(load: () => Promise<void>) {
  loader = load;
}

/**
 * Asks for the Toaster (app/provider.tsx mounts it once its module is in) and resolves once it
 * listens. Offline, the module may not arrive: the app goes on without toasts, and the next toast
 * asks again.
 */
export function loadToaster(): Promise<void> {
  void loader?.();
  return mounted;
}

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
  /** Something that needs attention, not a failure: a new alert from the real-time stream. */
  warning: (title: string, options?: ExternalToast) => show((t) => t.warning(title, options)),
};

/** Destructive toast whose description is the error's (Portuguese) message, else the fallback. */
export function toastError(title: string, error: unknown, fallback: string = ERROR_MESSAGES.unexpected): void {
  const message = error instanceof Error && error.message ? error.message : fallback;
  toast.error(title, { description: message });
}
