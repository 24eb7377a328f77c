import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export interface MessageCardProps {
  icon: LucideIcon;
  title: string;
  /** The title's level: h1 where the card is the whole page. */
  heading?: 'h1' | 'h2';
  description: React.ReactNode;
  /** The description's width, e.g. 'max-w-sm'. */
  descriptionClassName?: string;
  className?: string;
  /** Under the text, e.g. a way back. */
  children?: React.ReactNode;
}

/** A dashed card that says why there is nothing to show here. */
export function MessageCard({
  icon: Icon,
  title,
  heading: Heading = 'h2',
  description,
  descriptionClassName,
  className,
  children,
}: MessageCardProps) {
  return (
    <Card className={cn('border-dashed', className)}>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <Heading className="text-lg font-semibold">{title}</Heading>
        <p className={cn('text-sm text-muted-foreground', descriptionClassName)}>{description}</p>
        {children}
      </CardContent>
    </Card>
  );
}
