import { useRef, type FocusEvent } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Gives the focus back to what opened a dialog (#14, keyboard). Radix returns it only to its own
 * Trigger, and our dialogs open from state (a button, a row's menu, a page's action): without
 * this, closing one left the focus on <body>. The opener is the element the focus came from as it
 * first entered the dialog (a field with autofocus takes it before Radix's own open event); as the
 * dialog closes, it takes the focus again if it is still on the page, else Radix decides.
 */
export function useReturnFocus(handlers: {
  onCloseAutoFocus?: AutoFocusHandler;
  onFocusCapture?: (event: FocusEvent<HTMLDivElement>) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onFocusCapture: (event: FocusEvent<HTMLDivElement>) => {
      const from = event.relatedTarget;
      if (!opener.current && from instanceof HTMLElement && !event.currentTarget.contains(from)) {
        opener.current = from;
      }
      handlers.onFocusCapture?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
