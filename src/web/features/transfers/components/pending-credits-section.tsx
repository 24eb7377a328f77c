import { useState } from 'react';
import { CheckIcon, HourglassIcon, RefreshCwIcon, UserIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { deferredDialog } from '@/components/deferred';
import { ProgramLabel } from '@/components/program-label';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';
import { useCredits } from '../api/get-credits';
import { creditHolderText, creditLabel, creditOrigin, isOverdue } from '../credit-display';
import { milesText } from '../transfer-form';
import type { Credit, CreditList } from '../types';

// Loaded once the page is interactive, or when opened (components/deferred.tsx): not with /lotes.
const CancelCreditDialog = deferredDialog(async () => (await import('./cancel-credit-dialog')).CancelCreditDialog);
const ReceiveCreditDialog = deferredDialog(async () => (await import('./receive-credit-dialog')).ReceiveCreditDialog);

const SKELETON_ROWS = 3;

export interface PendingCreditsSectionProps {
  /** yyyy-MM-dd: a credit whose day has passed says it is late. */
  today: string;
}

type Acting = { action: 'receive' | 'cancel'; credit: Credit } | null;

/**
 * 'Milhas a creditar' on /lotes (issue #23): per programme, the miles transferred that have not
 * arrived yet and their cost, then each credit with 'Marcar como recebido' and 'Cancelar crédito'.
 */
export function PendingCreditsSection({ today }: PendingCreditsSectionProps) {
  const [page, setPage] = useState(1);
  const credits = useCredits({ status: 'pending', page });
  const wide = useMediaQuery('(min-width: 1024px)');
  const [acting, setActing] = useState<Acting>(null);
  // The dialogs keep the last credit while they close, so their texts stay through the animation.
  const [shown, setShown] = useState<Credit | null>(null);
  const act = (action: 'receive' | 'cancel') => (credit: Credit) => {
    setShown(credit);
    setActing({ action, credit });
  };
  const close = (open: boolean) => !open && setActing(null);

  // The page stays between 1 and the last one (the last credit of a page received or cancelled).
  const { list, rows, refreshing, stale, onPageChange } = usePagedList(credits, page, ({ page: next }) =>
    setPage(next),
  );

  return (
    <Card role="region" aria-labelledby="pending-credits-title" className="gap-4 pb-0">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle id="pending-credits-title">Milhas a creditar</CardTitle>
          <CardDescription>
            Milhas de transferências que ainda não chegaram. Ao marcá-las como recebidas, entram no estoque como lotes.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="mt-2 shrink-0 self-start sm:mt-0"
          onClick={() => void credits.refetch()}
          disabled={credits.isFetching}
        >
          <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
          Atualizar
        </Button>
      </CardHeader>

      {credits.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar as milhas a creditar" query={credits} />
        </CardContent>
      ) : (
        <>
          {list?.pending.length !== 0 && (
            <CardContent>
              <PendingTotals pending={list?.pending} />
            </CardContent>
          )}
          <div className="border-t">
            {rows && rows.length === 0 ? (
              <EmptyState />
            ) : wide ? (
              <CreditsTable
                rows={rows}
                refreshing={stale}
                today={today}
                onReceive={act('receive')}
                onCancel={act('cancel')}
              />
            ) : (
              <CreditsCards
                rows={rows}
                refreshing={stale}
                today={today}
                onReceive={act('receive')}
                onCancel={act('cancel')}
              />
            )}
          </div>
          <PaginationFooter list={list} itemLabel="créditos" onPageChange={onPageChange} />
        </>
      )}

      <ReceiveCreditDialog open={acting?.action === 'receive'} credit={shown} onOpenChange={close} />
      <CancelCreditDialog open={acting?.action === 'cancel'} credit={shown} onOpenChange={close} />
    </Card>
  );
}

/** Per programme, the miles still to come and what they cost. */
function PendingTotals({ pending }: { pending: CreditList['pending'] | undefined }) {
  if (pending === undefined) {
    return (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
        <Skeleton className="h-[4.5rem] w-full" />
        <Skeleton className="h-[4.5rem] w-full max-sm:hidden" />
      </div>
    );
  }
  return (
    <ul aria-label="Total a creditar por programa" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {pending.map((total) => (
        <li
          key={total.program}
          className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3 sm:flex-col sm:items-start sm:gap-1"
          data-testid="credit-total"
        >
          <ProgramLabel program={total.program} className="text-sm font-medium" />
          <div className="text-right sm:text-left">
            <p className="font-semibold tracking-tight tabular-nums sm:text-lg">{milesText(total.miles)}</p>
            <p className="text-xs text-muted-foreground tabular-nums">
              {formatCents(total.cost_cents)} · {formatNumber(total.credits)}{' '}
              {total.credits === 1 ? 'crédito' : 'créditos'}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-8 text-center" data-testid="pending-credits-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <HourglassIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhuma milha a creditar</p>
        <p className="text-sm text-muted-foreground">
          As milhas de uma transferência de pontos aparecem aqui até chegarem na companhia aérea.
        </p>
      </div>
    </div>
  );
}

interface CreditRowsProps {
  /** Undefined while the first page loads. */
  rows: readonly Credit[] | undefined;
  refreshing: boolean;
  today: string;
  onReceive: (credit: Credit) => void;
  onCancel: (credit: Credit) => void;
}

/** 'Conta 123456', to the account's page and its history. */
function AccountLink({ credit, className }: { credit: Credit; className?: string }) {
  return (
    <Link
      to={`/contas/${credit.account.id}`}
      className={cn('text-primary tabular-nums underline-offset-4 hover:underline', className)}
    >
      Conta {credit.account.account_number}
    </Link>
  );
}

/** The credit's day, and 'Atrasado' once it has passed (in words, not only in colour). */
function CreditDate({ credit, today }: { credit: Credit; today: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="whitespace-nowrap tabular-nums">{formatDate(credit.credit_date)}</span>
      {isOverdue(credit, today) && <Badge variant="warning">Atrasado</Badge>}
    </span>
  );
}

function Origin({ credit }: { credit: Credit }) {
  const origin = creditOrigin(credit);
  return (
    <>
      <p>{origin.label}</p>
      {origin.detail && <p className="text-xs text-muted-foreground">{origin.detail}</p>}
    </>
  );
}

function CreditsTable({ rows, refreshing, today, onReceive, onCancel }: CreditRowsProps) {
  return (
    <Table
      aria-label="Créditos a receber"
      aria-busy={rows === undefined || refreshing}
      className="min-w-[860px] [&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3 [&_td:first-child]:pl-5 [&_th:first-child]:pl-5 [&_td:last-child]:pr-5 [&_th:last-child]:pr-5"
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Conta</TableHead>
          <TableHead>Origem</TableHead>
          <TableHead className="text-right">Milhas esperadas</TableHead>
          <TableHead className="text-right">Custo/milheiro</TableHead>
          <TableHead>Data prevista</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', refreshing && 'opacity-60')}>
        {rows === undefined
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={i} className="hover:bg-transparent" data-testid="credit-skeleton-row">
                <TableCell>
                  <SkeletonText widths={['w-28', 'w-24']} />
                </TableCell>
                <TableCell>
                  <Skeleton className="h-4 w-32" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-4 w-20" />
                </TableCell>
                <TableCell>
                  <SkeletonText widths={['w-16', 'w-20']} alignEnd />
                </TableCell>
                <TableCell>
                  <Skeleton className="h-4 w-20" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-8 w-52" />
                </TableCell>
              </TableRow>
            ))
          : rows.map((credit) => (
              <TableRow key={credit.id} data-testid="credit-row">
                <TableCell>
                  <ProgramLabel program={credit.account.program} className="max-w-[14rem] font-medium" />
                  <p className="max-w-[14rem] truncate text-xs text-muted-foreground tabular-nums">
                    <AccountLink credit={credit} />
                  </p>
                  <p className="flex max-w-[14rem] items-center gap-1 text-xs text-muted-foreground">
                    <UserIcon aria-hidden="true" className="size-3 shrink-0" />
                    <TruncatedText text={creditHolderText(credit)} />
                  </p>
                </TableCell>
                <TableCell className="max-w-[12rem] whitespace-normal">
                  <Origin credit={credit} />
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {formatNumber(credit.expected_quantity)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  <p className="whitespace-nowrap">{formatCostPerThousand(credit.cost_per_thousand)}</p>
                  <p className="text-xs whitespace-nowrap text-muted-foreground">
                    Total {formatCents(credit.cost_cents)}
                  </p>
                </TableCell>
                <TableCell>
                  <CreditDate credit={credit} today={today} />
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    <ReceiveButton credit={credit} onReceive={onReceive} />
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                          aria-label={`Cancelar crédito: ${creditLabel(credit)}`}
                          onClick={() => onCancel(credit)}
                        >
                          <XIcon aria-hidden="true" />
                        </Button>
                      </TooltipTrigger>
                      <TooltipContent>Cancelar crédito</TooltipContent>
                    </Tooltip>
                  </div>
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

function ReceiveButton({
  credit,
  onReceive,
  className,
}: {
  credit: Credit;
  onReceive: (credit: Credit) => void;
  className?: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={`Marcar como recebido: ${creditLabel(credit)}`}
      onClick={() => onReceive(credit)}
    >
      <CheckIcon aria-hidden="true" />
      Marcar como recebido
    </Button>
  );
}

/** Below 1024 px: one card per credit (six columns do not fit a phone). */
function CreditsCards({ rows, refreshing, today, onReceive, onCancel }: CreditRowsProps) {
  if (rows === undefined) {
    return (
      <ul aria-label="Carregando créditos" aria-busy="true" className="divide-y">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="space-y-2 px-5 py-4" data-testid="credit-skeleton-row">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
            <Skeleton className="h-8 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      aria-label="Créditos a receber"
      aria-busy={refreshing}
      className={cn('divide-y transition-opacity', refreshing && 'opacity-60')}
    >
      {rows.map((credit) => (
        <li key={credit.id} className="grid gap-3 px-5 py-4" data-testid="credit-row">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <ProgramLabel program={credit.account.program} className="font-medium" />
              <p className="mt-0.5 flex min-w-0 text-xs text-muted-foreground">
                <AccountLink credit={credit} className="shrink-0" />
                <TruncatedText className="ml-1" text={`· ${creditHolderText(credit)}`} />
              </p>
            </div>
            <p className="shrink-0 text-right text-sm font-semibold tabular-nums">
              {formatNumber(credit.expected_quantity)}
              <span className="block text-xs font-normal text-muted-foreground">milhas esperadas</span>
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="text-xs text-muted-foreground">Origem</dt>
              <dd>
                <Origin credit={credit} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Custo/milheiro</dt>
              <dd className="tabular-nums">{formatCostPerThousand(credit.cost_per_thousand)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Data prevista</dt>
              <dd>
                <CreditDate credit={credit} today={today} />
              </dd>
            </div>
          </dl>
          <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:flex sm:justify-end">
            <ReceiveButton credit={credit} onReceive={onReceive} />
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Cancelar crédito: ${creditLabel(credit)}`}
              onClick={() => onCancel(credit)}
            >
              <XIcon aria-hidden="true" />
              Cancelar crédito
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
