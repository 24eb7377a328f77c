import { useState, type PointerEvent } from 'react';
import type { DeferredComponent } from '@/components/deferred';

/**
 * For a deferred menu (components/deferred.tsx) whose trigger stands in until its module is in:
 * `defaultOpen` for the menu, and `openOnLoad`, which loads the menu so that it mounts open;
 * `stayClosed` takes that back (a tooltip's text left before it arrived). `standIn` goes on the
 * stand-in button: it opens on the press, as Radix's own trigger does, and on a click (the
 * keyboard's Enter and Space). On the click alone, a menu arriving between the press and the
 * release swapped the button out from under the pointer and the press opened nothing.
 */
export function useOpenOnLoad(component: Pick<DeferredComponent<never>, 'load'>) {
  const [defaultOpen, setDefaultOpen] = useState(false);
  const openOnLoad = () => {
    setDefaultOpen(true);
    void component.load();
  };
  const stayClosed = () => setDefaultOpen(false);
  const standIn = {
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) openOnLoad();
    },
    onClick: openOnLoad,
  };
  return { defaultOpen, openOnLoad, stayClosed, standIn };
}
