import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
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

/**
 * A dialog as deferred(): its module (the form, its schema, react-hook-form) loads after the first
 * page, or as soon as the dialog is opened if that comes first; nothing of it is drawn while it is
 * closed and not yet loaded. The page's first load does not wait for code only a click needs (#14).
 * Open is its `open` prop, or what `isOpen` says (a record's delete dialog is open with a record).
 */
export function deferredDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
) {
  const Deferred = deferred(load);
  function DeferredDialog(props: P) {
    const open = isOpen(props);
    useEffect(() => {
      if (open) void Deferred.load();
    }, [open]);
    return <Deferred {...props} fallback={null} />;
  }
  return DeferredDialog;
}
