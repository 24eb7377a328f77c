import { useState, type ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export interface TruncatedTooltipProps {
  /** The whole text. */
  text: string;
  /** Whether the text is cut now: asked again as the tooltip opens (a new text in a box of the same width does not resize it). */
  isCut: () => boolean;
  /** Mounted open: the text was pointed at or focused before this module was in. */
  defaultOpen: boolean;
  children: ReactElement;
}

/** TruncatedText's tooltip (truncated-text.tsx), with Radix's tooltip: loaded once the first page is interactive. */
export function TruncatedTooltip({ text, isCut, defaultOpen, children }: TruncatedTooltipProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Tooltip open={open} onOpenChange={(next) => setOpen(next && isCut())}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent className="break-words">{text}</TooltipContent>
    </Tooltip>
  );
}
