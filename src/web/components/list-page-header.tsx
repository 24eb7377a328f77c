import type * as React from 'react';
import { PlusIcon, RefreshCwIcon } from 'lucide-react';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface ListPageHeaderProps {
  title: string;
  subtitle?: string;
  /** The list's query, for 'Atualizar'. */
  query: { refetch: () => unknown; isFetching: boolean; isPending: boolean };
  /** 'Novo Cliente', 'Novo Lote', 'Nova Emissão'. */
  createLabel: string;
  /** Absent: the role may not create here (docs/decisions/0026-team-and-roles.md), no button. */
  onCreate?: () => void;
  /** The page's other buttons, between 'Atualizar' and the create button ('Transferir pontos' on /lotes). */
  extraActions?: React.ReactNode;
}

/** A list page's title with 'Atualizar' and its create button. */
export function ListPageHeader({ title, subtitle, query, createLabel, onCreate, extraActions }: ListPageHeaderProps) {
  const refreshing = query.isFetching && !query.isPending;
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      actions={
        <>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
            Atualizar
          </Button>
          {extraActions}
          {onCreate ? <CreateButton label={createLabel} onClick={onCreate} /> : null}
        </>
      }
    />
  );
}

/** The create button of a list page, in its header and in its empty state. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon aria-hidden="true" />
      {label}
    </Button>
  );
}
