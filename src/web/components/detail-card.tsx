import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export interface DetailCardProps {
  title: string;
  /** Under the title, e.g. a note on a cancelled record. */
  note?: React.ReactNode;
  /** The content's layout. */
  contentClassName?: string;
  children: React.ReactNode;
}

/** One card of a record's page: its title over its content. */
export function DetailCard({ title, note, contentClassName, children }: DetailCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {note}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

export interface DetailItemProps {
  label: string;
  /** The item's place in its list's grid, e.g. 'sm:col-span-2'. */
  className?: string;
  /** Closer to its label, in its list's own text size (the emission's page and the wizard's review). */
  compact?: boolean;
  children: React.ReactNode;
}

/** One entry of a record's description list: its label over its value. */
export function DetailItem({ label, className, compact = false, children }: DetailItemProps) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('break-words', compact ? 'mt-0.5 min-w-0' : 'mt-1 text-sm')}>{children}</dd>
    </div>
  );
}

/** A value the record does not have. */
export const NOT_INFORMED = <span className="text-muted-foreground">Não informado</span>;

/** A record's notes across its list, their line breaks kept; 'Nenhuma observação' without any. */
export function NotesItem({ notes, className }: { notes: string | null; className: string }) {
  return (
    <DetailItem label="Observações" className={className}>
      {notes ? (
        <span className="whitespace-pre-line">{notes}</span>
      ) : (
        <span className="text-muted-foreground">Nenhuma observação</span>
      )}
    </DetailItem>
  );
}
