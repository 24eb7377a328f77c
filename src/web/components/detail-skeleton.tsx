import type * as React from 'react';
import { DetailColumns } from '@/components/detail-page';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface DetailSkeletonProps {
  /** 'Carregando cliente'. */
  label: string;
  /** The back button's width, e.g. 'w-40'. */
  backWidth: string;
  /** Stands in for the title and what goes under it. */
  header: React.ReactNode;
  /** The line count of each card in the two-column grid. */
  cardLines: readonly number[];
  /** Between the header and the grid, e.g. the figures' own skeleton. */
  children?: React.ReactNode;
}

/** A record's page while it loads, in the shape of the page to come. */
export function DetailSkeleton({ label, backWidth, header, cardLines, children }: DetailSkeletonProps) {
  return (
    <div className="space-y-6" role="status" aria-busy="true" aria-label={label}>
      <div className="space-y-3">
        <Skeleton className={cn('h-8', backWidth)} />
        {header}
      </div>
      {children}
      <DetailColumns>
        {cardLines.map((lines, i) => (
          <Card key={i}>
            <CardHeader>
              <Skeleton className="h-5 w-40" />
            </CardHeader>
            <CardContent className="space-y-3">
              {Array.from({ length: lines }, (_, j) => (
                <Skeleton key={j} className="h-4 w-full" />
              ))}
            </CardContent>
          </Card>
        ))}
      </DetailColumns>
    </div>
  );
}
