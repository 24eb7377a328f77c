import type * as React from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon, SearchXIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { MessageCard } from '@/components/message-card';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** The list a detail page belongs to: where its back buttons go, and what they say. */
export interface DetailBack {
  to: string;
  /** 'Voltar para clientes'. */
  label: string;
}

export interface DetailPageProps<T> {
  query: UseQueryResult<T>;
  back: DetailBack;
  /** Shown while the first answer is on its way. */
  skeleton: React.ReactNode;
  /** 'Erro ao carregar cliente'. */
  errorTitle: string;
  notFound: {
    /** 'Cliente não encontrado'. */
    title: string;
    description: string;
    /** The API's error code for a missing record, besides a plain 404. */
    code?: string;
  };
  /** The page, once loaded. */
  children: (data: T) => React.ReactNode;
}

/** A record's page: its skeleton while loading, a not-found card, an error with a retry, or the page. */
export function DetailPage<T>({ query, back, skeleton, errorTitle, notFound, children }: DetailPageProps<T>) {
  if (query.isPending) return skeleton;

  if (query.isError) {
    const { error } = query;
    if (isApiError(error) && (error.status === 404 || (notFound.code !== undefined && error.code === notFound.code))) {
      return <DetailNotFound title={notFound.title} description={notFound.description} back={back} />;
    }
    return (
      <div className="space-y-4">
        <BackLink {...back} />
        <QueryErrorState title={errorTitle} query={query} />
      </div>
    );
  }

  return <div className="space-y-6">{children(query.data)}</div>;
}

function BackLink(back: DetailBack) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
      {backLink(back)}
    </Button>
  );
}

/* An element, not a component: Button's asChild gives its classes to this very Link. */
function backLink({ to, label }: DetailBack) {
  return (
    <Link to={to}>
      <ArrowLeftIcon aria-hidden="true" />
      {label}
    </Link>
  );
}

function DetailNotFound({ title, description, back }: { title: string; description: string; back: DetailBack }) {
  return (
    <MessageCard
      icon={SearchXIcon}
      heading="h1"
      title={title}
      description={description}
      descriptionClassName="max-w-sm"
      className="mx-auto max-w-lg"
    >
      <Button asChild variant="outline">
        {backLink(back)}
      </Button>
    </MessageCard>
  );
}

export interface DetailHeaderProps {
  back: DetailBack;
  /** Before the title, e.g. the client's avatar. */
  leading?: React.ReactNode;
  /** The h1 and what goes under it. */
  children: React.ReactNode;
  /** The page's buttons, at the right from `stackBelow` up. */
  actions?: React.ReactNode;
  /** Names the buttons as a group for assistive technology. */
  actionsLabel?: string;
  /** Below this width the buttons go under the title. */
  stackBelow?: 'sm' | 'lg';
}

/** The top of a record's page: back to its list, its title and its buttons. */
export function DetailHeader({ back, leading, children, actions, actionsLabel, stackBelow = 'sm' }: DetailHeaderProps) {
  const title = <div className="min-w-0 space-y-1">{children}</div>;
  return (
    <div className="space-y-3">
      <BackLink {...back} />
      <div
        className={cn(
          'flex flex-col gap-4',
          stackBelow === 'sm'
            ? 'sm:flex-row sm:items-center sm:justify-between'
            : 'lg:flex-row lg:items-center lg:justify-between',
        )}
      >
        {leading ? (
          <div className="flex min-w-0 items-center gap-4">
            {leading}
            {title}
          </div>
        ) : (
          title
        )}
        {actions && (
          <div
            className="flex shrink-0 flex-wrap items-center gap-2"
            aria-label={actionsLabel}
            role={actionsLabel ? 'group' : undefined}
          >
            {actions}
          </div>
        )}
      </div>
    </div>
  );
}

/** 'Editar' and 'Excluir', the buttons of a record the agency keeps by hand. */
export function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
        Editar
      </Button>
      <Button variant="destructive" onClick={onDelete}>
        <Trash2Icon aria-hidden="true" />
        Excluir
      </Button>
    </>
  );
}
