import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';

/** What a list says when it has no rows: that nothing matches its search or filters, or where to start. */
export interface ListEmptyTexts {
  icon: LucideIcon;
  /** 'Nenhum cliente encontrado'. */
  title: string;
  /** 'Nenhum cliente corresponde à busca ou aos filtros aplicados.' */
  noMatch: string;
  /** 'Comece adicionando um novo cliente.' */
  start: string;
}

export interface ListEmptyStateProps {
  texts: ListEmptyTexts;
  /** A search or filter narrows the list. */
  filtered: boolean;
  /** Usually the page's create button. */
  children?: React.ReactNode;
}

/** What a list shows in place of its rows when there are none. */
export function ListEmptyState({ texts, filtered, children }: ListEmptyStateProps) {
  const { icon: Icon, title } = texts;
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{filtered ? texts.noMatch : texts.start}</p>
      </div>
      {children}
    </div>
  );
}
