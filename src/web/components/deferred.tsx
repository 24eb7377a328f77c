import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { whenInteractive } from '@/lib/after-interactive';

export type DeferredComponent<P> = ((props: P & { fallback: ReactNode }) => ReactNode) & {
  /** Loads the module now (a click that cannot wait for the idle moment); resolves once it is in. */
  load: () => Promise<void>;
};

/**
 * A component whose module loads once the first page is interactive (lib/after-interactive.ts),
 * or sooner through `load()`: until then `fallback` stands in — a trigger drawn the same, say —
 * so that the first page does not wait for it (#14, first load). A failed load (offline) is tried
 * again by the next `load()`.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  whenInteractive(() => void start());

  function Deferred({ fallback, ...props }: P & { fallback: ReactNode }) {
    const Component = useSyncExternalStore(subscribe, () => Loaded);
    return Component ? <Component {...(props as P)} /> : fallback;
  }
  return Object.assign(Deferred, { load: start });
}
