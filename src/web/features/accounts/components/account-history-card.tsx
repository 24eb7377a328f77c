import { HistoryIcon } from 'lucide-react';
import { Link } from 'react-router';
import { MOVEMENT_KIND_LABELS } from '@domain/accounts/account-history.schema';
import { formatCents, formatDate } from '@domain/format';
import { isPointsProgram } from '@domain/programs';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { movementDetail, movementTone, signedMilesText, type MovementTone } from '../account-display';
import type { AccountHistory, Movement } from '../types';

const SKELETON_ROWS = 5;

const TONE_CLASSES: Record<MovementTone, string> = {
  in: 'text-success',
  out: 'text-destructive',
  pending: 'text-muted-foreground',
  none: '',
};

export interface AccountHistoryCardProps {
  list: AccountHistory;
  /** Undefined while a page past the end waits for the clamp. */
  rows: readonly Movement[] | undefined;
  /** The rows shown are the previous page's, while the next one loads. */
  stale: boolean;
  onPageChange: (page: number) => void;
}

/** 'Histórico de movimentações': every movement of the account, newest first, 25 a page. */
export function AccountHistoryCard({ list, rows, stale, onPageChange }: AccountHistoryCardProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  // A points programme's account counts points.
  const unit = isPointsProgram(list.account.program) ? 'pontos' : 'milhas';
  return (
    <Card role="region" aria-labelledby="account-history-title" className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <CardTitle id="account-history-title">Histórico de movimentações</CardTitle>
        <CardDescription>
          Compras, transferências, clubes, emissões, vendas, cancelamentos e vencimentos, dos mais recentes aos mais
          antigos. As milhas a creditar só entram no saldo quando chegam.
        </CardDescription>
      </CardHeader>
      <div className="border-t">
        {list.total === 0 ? (
          <EmptyState />
        ) : wide ? (
          <MovementsTable rows={rows} stale={stale} unit={unit} />
        ) : (
          <MovementsCards rows={rows} stale={stale} unit={unit} />
        )}
      </div>
      <PaginationFooter list={list} itemLabel="movimentações" onPageChange={onPageChange} />
    </Card>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center" data-testid="account-history-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <HistoryIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhuma movimentação</p>
        <p className="text-sm text-muted-foreground">
          Compras de lotes, transferências e emissões desta conta aparecerão aqui.
        </p>
      </div>
    </div>
  );
}

/** The movement's label; a credit still to come is its 'A creditar' badge. */
function MovementKind({ movement }: { movement: Movement }) {
  if (movement.kind === 'to_come') return <Badge variant="warning">{MOVEMENT_KIND_LABELS.to_come}</Badge>;
  return <span>{MOVEMENT_KIND_LABELS[movement.kind]}</span>;
}

function MovementDetail({ movement, className }: { movement: Movement; className?: string }) {
  const { text, to } = movementDetail(movement);
  if (!to) return <span className={className}>{text}</span>;
  return (
    <Link
      to={to}
      className={cn(
        'font-medium text-primary underline-offset-4 hover:underline',
        movement.ref_type === 'emission' && movement.detail && 'font-mono',
        className,
      )}
    >
      {text}
    </Link>
  );
}

/** Its day; a credit's day is when it is due. */
function MovementDay({ movement }: { movement: Movement }) {
  return (
    <>
      <span className="whitespace-nowrap tabular-nums">{formatDate(movement.day)}</span>
      {movement.kind === 'to_come' && <span className="block text-xs text-muted-foreground">previsto</span>}
    </>
  );
}

function Miles({ movement, className }: { movement: Movement; className?: string }) {
  return (
    <span className={cn('font-medium whitespace-nowrap tabular-nums', TONE_CLASSES[movementTone(movement)], className)}>
      {signedMilesText(movement.miles)}
    </span>
  );
}

const rowKey = (movement: Movement, index: number) => `${movement.kind}:${movement.ref_id}:${index}`;

interface MovementRowsProps {
  /** Undefined while the page loads. */
  rows: readonly Movement[] | undefined;
  stale: boolean;
  /** 'milhas' or 'pontos'. */
  unit: string;
}

function MovementsTable({ rows, stale, unit }: MovementRowsProps) {
  return (
    <Table
      aria-label="Movimentações da conta"
      aria-busy={rows === undefined || stale}
      className="[&_td:first-child]:pl-5 [&_td:last-child]:pr-5 [&_th:first-child]:pl-5 [&_th:last-child]:pr-5"
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Data</TableHead>
          <TableHead>Movimento</TableHead>
          <TableHead>Detalhe</TableHead>
          <TableHead className="text-right">{unit === 'pontos' ? 'Pontos' : 'Milhas'}</TableHead>
          <TableHead className="text-right">Custo</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', stale && 'opacity-60')}>
        {rows === undefined
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={i} className="hover:bg-transparent">
                <TableCell>
                  <Skeleton className="h-4 w-20" />
                </TableCell>
                <TableCell>
                  <Skeleton className="h-4 w-32" />
                </TableCell>
                <TableCell>
                  <Skeleton className="h-4 w-40" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-4 w-20" />
                </TableCell>
                <TableCell>
                  <Skeleton className="ml-auto h-4 w-24" />
                </TableCell>
              </TableRow>
            ))
          : rows.map((movement, index) => (
              <TableRow key={rowKey(movement, index)} data-testid="movement-row">
                <TableCell>
                  <MovementDay movement={movement} />
                </TableCell>
                <TableCell>
                  <MovementKind movement={movement} />
                </TableCell>
                <TableCell className="max-w-[22rem] whitespace-normal">
                  <MovementDetail movement={movement} className="break-words" />
                </TableCell>
                <TableCell className="text-right">
                  <Miles movement={movement} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatCents(movement.cost_cents)}
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/** Below 768 px: one card per movement (five columns do not fit a phone). */
function MovementsCards({ rows, stale, unit }: MovementRowsProps) {
  if (rows === undefined) {
    return (
      <ul aria-label="Carregando movimentações" aria-busy="true" className="divide-y">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="space-y-2 px-5 py-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      aria-label="Movimentações da conta"
      aria-busy={stale}
      className={cn('divide-y transition-opacity', stale && 'opacity-60')}
    >
      {rows.map((movement, index) => (
        <li key={rowKey(movement, index)} className="grid gap-1.5 px-5 py-4" data-testid="movement-row">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 text-sm font-medium">
              <MovementKind movement={movement} />
            </div>
            <p className="shrink-0 text-right text-sm">
              <Miles movement={movement} /> <span className="text-xs text-muted-foreground">{unit}</span>
            </p>
          </div>
          <div className="flex items-start justify-between gap-3 text-sm">
            <MovementDetail movement={movement} className="min-w-0 break-words" />
            <span className="shrink-0 text-right whitespace-nowrap text-muted-foreground tabular-nums">
              {formatCents(movement.cost_cents)}
            </span>
          </div>
          <p className="text-xs text-muted-foreground tabular-nums">
            {formatDate(movement.day)}
            {movement.kind === 'to_come' && ' (previsto)'}
          </p>
        </li>
      ))}
    </ul>
  );
}
