import { useSyncExternalStore } from 'react';
import { isInteractive, whenInteractive } from '@/lib/after-interactive';

const subscribe = (onChange: () => void) => {
  let listening = true;
  whenInteractive(() => {
    if (listening) onChange();
  });
  return () => {
    listening = false;
  };
};

/**
 * False until the first page is interactive (lib/after-interactive.ts), then true: for what every
 * page shows but none needs first, such as the header bell's request (#14, first load).
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(subscribe, isInteractive, () => false);
}
