import { useState } from 'react';
import type { DeferredComponent } from '@/components/deferred';

/**
 * For a deferred menu (components/deferred.tsx) whose trigger stands in until its module is in:
 * `defaultOpen` for the menu, and `openOnLoad` for the stand-in's click, which loads the menu so
 * that it mounts open; `stayClosed` takes that back (a tooltip's text left before it arrived).
 */
export function useOpenOnLoad(component: Pick<DeferredComponent<never>, 'load'>) {
  const [defaultOpen, setDefaultOpen] = useState(false);
  const openOnLoad = () => {
    setDefaultOpen(true);
    void component.load();
  };
  const stayClosed = () => setDefaultOpen(false);
  return { defaultOpen, openOnLoad, stayClosed };
}
