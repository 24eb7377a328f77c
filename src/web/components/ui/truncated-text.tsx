import { useCallback, useRef, useState, type ComponentProps, type FocusEvent, type PointerEvent } from 'react';
import { Slot } from 'radix-ui';
import { deferred } from '@/components/deferred';
import { useOpenOnLoad } from '@/hooks/use-open-on-load';
import { cn } from '@/lib/utils';

// Radix's tooltip (popper, floating-ui: ~25 KB) loads once the first page is interactive, not
// with the lists that cut their cells (#14): until then a cut text is drawn the same, without it.
const TruncatedTooltip = deferred(async () => (await import('./truncated-text-tooltip')).TruncatedTooltip);

export type TruncatedTextProps = ComponentProps<'span'> & {
  /** The whole text, shown in the tooltip when the element's own text is cut. */
  text: string;
  /** Truncate the child (a link, a cell) instead of a span of its own. */
  asChild?: boolean;
};

/**
 * Text cut with an ellipsis when it does not fit, shown whole on hover and on keyboard focus
 * (#14). The tooltip exists only while the text is actually cut (measured, and again when the
 * width changes, and as the tooltip opens); a cut plain text becomes a tab stop so that a keyboard
 * can reach it, a link is one already. Pointed at or focused before the tooltip's module is in, the
 * text loads it, and the tooltip opens once it arrives (keeping the focus where it was).
 */
export function TruncatedText({
  text,
  asChild,
  className,
  children,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onBlur,
  ...props
}: TruncatedTextProps) {
  const element = useRef<HTMLElement | null>(null);
  const [cut, setCut] = useState(false);
  // Focused before the tooltip's module was in: the focus is given back when the tooltip redraws it.
  const focused = useRef(false);
  const { defaultOpen, openOnLoad, stayClosed } = useOpenOnLoad(TruncatedTooltip);
  const isCut = useCallback(
    () => (element.current ? element.current.scrollWidth > element.current.clientWidth + 1 : false),
    [],
  );

  // The tooltip wraps the element once it loads, which draws it anew: the observer follows it, and
  // a text focused before keeps the focus.
  const measure = useCallback((node: HTMLElement | null) => {
    element.current = node;
    if (!node) return;
    if (focused.current && document.activeElement === document.body) node.focus();
    if (typeof ResizeObserver === 'undefined') return;
    // The observer reports once as soon as it observes, then on every change of size.
    const observer = new ResizeObserver(() => setCut(node.scrollWidth > node.clientWidth + 1));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const reach = (how: 'pointer' | 'focus') => {
    if (!isCut()) return;
    focused.current = how === 'focus';
    openOnLoad();
  };
  const leave = () => {
    focused.current = false;
    stayClosed();
  };

  const Comp = asChild ? Slot.Root : 'span';
  const target = (
    <Comp
      ref={measure}
      data-truncated={cut || undefined}
      tabIndex={cut && !asChild ? 0 : undefined}
      className={cn('truncate', !asChild && 'outline-none focus-visible:underline', className)}
      onPointerEnter={(event: PointerEvent<HTMLSpanElement>) => {
        onPointerEnter?.(event);
        reach('pointer');
      }}
      onPointerLeave={(event: PointerEvent<HTMLSpanElement>) => {
        onPointerLeave?.(event);
        leave();
      }}
      onFocus={(event: FocusEvent<HTMLSpanElement>) => {
        onFocus?.(event);
        reach('focus');
      }}
      onBlur={(event: FocusEvent<HTMLSpanElement>) => {
        onBlur?.(event);
        if (event.target.isConnected) leave();
      }}
      {...props}
    >
      {children ?? text}
    </Comp>
  );
  // Wrapped from the start, so that only the tooltip's arrival draws the element anew (not also the
  // first measure): its observer follows it (measure).
  return (
    <TruncatedTooltip text={text} isCut={isCut} defaultOpen={defaultOpen} fallback={target}>
      {target}
    </TruncatedTooltip>
  );
}
