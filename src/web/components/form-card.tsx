import type * as React from 'react';
import { LockIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormCardSkeleton } from '@/components/form-card-skeleton';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { submitHandler } from '@/lib/form';
import { cn } from '@/lib/utils';

export interface FormCardProps {
  /** The form's accessible name. */
  label: string;
  title: string;
  description: React.ReactNode;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The fields' layout, e.g. 'grid gap-5 md:grid-cols-2'. */
  contentClassName?: string;
  /** The footer's layout: its buttons at the right unless said otherwise. */
  footerClassName?: string;
  /** The submit button, and what goes beside it. */
  footer: React.ReactNode;
  /** The fields. */
  children: React.ReactNode;
  /**
   * The signed-in role may not change this (docs/decisions/0026-team-and-roles.md): the fields are
   * shown disabled and the footer says why instead of offering the button.
   */
  readOnlyNote?: string;
}

/** A settings page's form: a card with its title, its fields and its submit button under a rule. */
export function FormCard({
  label,
  title,
  description,
  onSubmit,
  contentClassName,
  footerClassName = 'justify-end',
  footer,
  children,
  readOnlyNote,
}: FormCardProps) {
  return (
    <Card>
      <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={label} className="flex flex-col gap-5">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>
          {readOnlyNote ? (
            <fieldset disabled className="contents">
              {children}
            </fieldset>
          ) : (
            children
          )}
        </CardContent>
        <CardFooter className={cn('border-t pt-5', readOnlyNote ? 'justify-start' : footerClassName)}>
          {readOnlyNote ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="read-only-note">
              <LockIcon aria-hidden="true" className="size-4 shrink-0" />
              {readOnlyNote}
            </p>
          ) : (
            footer
          )}
        </CardFooter>
      </form>
    </Card>
  );
}

export interface FormCardQueryProps<T> {
  /** What the form starts from. */
  query: UseQueryResult<T>;
  /** How many fields the skeleton shows while it loads. */
  fields: number;
  /** 'Erro ao carregar configurações'. */
  errorTitle: string;
  /** The form, once its record is loaded. */
  children: (data: T) => React.ReactNode;
}

/** A form card's record: the card's skeleton while it loads, the error with a retry, then the form. */
export function FormCardQuery<T>({ query, fields, errorTitle, children }: FormCardQueryProps<T>) {
  if (query.isPending) return <FormCardSkeleton fields={fields} />;
  if (query.isError) return <QueryErrorState title={errorTitle} query={query} />;
  return children(query.data);
}
