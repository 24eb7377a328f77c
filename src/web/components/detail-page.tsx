import type * as React from 'react';
import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon, SearchXIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
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

/** What a record's page says around its record: the way back to its list, and its error texts. */
export interface DetailTexts {
  back: DetailBack;
  /** 'Erro ao carregar cliente'. */
  errorTitle: string;
  notFound: {
    /** 'Cliente não encontrado'. */
    title: string;
    description: string;
    /** The API's error code for a missing record, besides a plain 404. */
    code?: string;
  };
}

export interface DetailPageProps<T> {
  query: UseQueryResult<T>;
  texts: DetailTexts;
  /** Shown while the first answer is on its way. */
  skeleton: React.ReactNode;
  /** The page, once loaded. */
  children: (data: T) => React.ReactNode;
}

/** A record's page: its skeleton while loading, a not-found card, an error with a retry, or the page. */
export function DetailPage<T>({ query, texts, skeleton, children }: DetailPageProps<T>) {
  const { back, errorTitle, notFound } = texts;
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
function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
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

/** A record page's main and side columns, side by side from 1024 px. */
export function DetailColumns({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn('grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]', className)}>{children}</div>;
}

/**
 * The 'Editar' and 'Excluir' of a record the agency keeps by hand: the header's buttons, which of
 * the two dialogs is open, and the way back to the list once the record is deleted.
 */
export function useEditDelete(back: DetailBack) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return {
    actions: <EditDeleteActions onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />,
    /** The form dialog's props besides the record. */
    editDialog: { open: editing, onOpenChange: setEditing },
    deleting,
    /** The delete dialog's props besides the record (null unless `deleting`). */
    deleteDialog: { onOpenChange: setDeleting, onDeleted: () => void navigate(back.to, { replace: true }) },
  };
}
