import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';

export interface ListEmptyStateProps {
  icon: LucideIcon;
  /** 'Nenhum cliente encontrado'. */
  title: string;
  description: string;
  /** Usually the page's create button. */
  children?: React.ReactNode;
}

/** What a list shows in place of its rows when there are none. */
export function ListEmptyState({ icon: Icon, title, description, children }: ListEmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}
