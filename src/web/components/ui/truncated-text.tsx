import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

export type TruncatedTextProps = ComponentProps<'span'> & {
  /** The whole text, shown in the tooltip when the element's own text is cut. */
  text: string;
  /** Truncate the child (a link, a cell) instead of a span of its own. */
  asChild?: boolean;
};

/**
 * Text cut with an ellipsis when it does not fit, shown whole on hover and on keyboard focus
 * (#14). The tooltip exists only while the text is actually cut (measured, and again when the
 * width changes, and as the tooltip opens); a cut plain text becomes a tab stop so that a keyboard can reach it, a link is
 * one already.
 */
export function TruncatedText({ text, asChild, className, children, ...props }: TruncatedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  const isCut = () => (ref.current ? ref.current.scrollWidth > ref.current.clientWidth + 1 : false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports once as soon as it observes, then on every change of size.
    const observer = new ResizeObserver(() => setCut(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const Comp = asChild ? Slot.Root : 'span';
  return (
    // Asked again as it opens: a new text in a box of the same width does not resize it.
    <Tooltip open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <TooltipTrigger asChild>
        <Comp
          ref={ref}
          data-truncated={cut || undefined}
          tabIndex={cut && !asChild ? 0 : undefined}
          className={cn('truncate', !asChild && 'outline-none focus-visible:underline', className)}
          {...props}
        >
          {children ?? text}
        </Comp>
      </TooltipTrigger>
      <TooltipContent className="break-words">{text}</TooltipContent>
    </Tooltip>
  );
}
