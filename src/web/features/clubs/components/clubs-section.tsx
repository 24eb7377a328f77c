import { useState } from 'react';
import { CalendarSyncIcon, PlusIcon, UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CLUB_PAYMENT_LABELS, CLUB_STATUS_LABELS } from '@domain/clubs/club.schema';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { deferredDialog } from '@/components/deferred';
import { ProgramLabel } from '@/components/program-label';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatCostPerThousand } from '@/lib/cost-format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useClubs } from '../api/get-clubs';
import { useEndClub } from '../api/save-club';
import type { Club } from '../types';

// Loaded once the page is interactive, or when opened (components/deferred.tsx): not with /lotes.
const ClubDialog = deferredDialog(async () => (await import('./club-dialog')).ClubDialog);

const SKELETON_ROWS = 2;

/**
 * 'Clubes de milhas' on /lotes (issue #23): the agency's club subscriptions, each with its plan,
 * account, miles and price per month, billing day and the months billed so far; 'Novo clube' and
 * 'Encerrar'. The months themselves are lots in the table below, and postings in /financeiro.
 */
export function ClubsSection() {
  const [page, setPage] = useState(1);
  const clubs = useClubs(page);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Club | null>(null);
  // The dialog keeps the last club while it closes, so its texts stay through the animation.
  const [shown, setShown] = useState<Club | null>(null);
  const { list, rows, stale, onPageChange } = usePagedList(clubs, page, ({ page: next }) => setPage(next));

  return (
    <Card role="region" aria-labelledby="clubs-title" className="gap-4 pb-0">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle id="clubs-title">Clubes de milhas</CardTitle>
          <CardDescription>
            Assinaturas mensais: no dia da cobrança, as milhas entram no estoque como lote e a mensalidade é lançada no
            financeiro.
          </CardDescription>
        </div>
        <Button size="sm" className="mt-2 shrink-0 self-start sm:mt-0" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Novo clube
        </Button>
      </CardHeader>

      {clubs.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar os clubes" query={clubs} />
        </CardContent>
      ) : (
        <>
          <div className="border-t">
            {rows && rows.length === 0 ? (
              <EmptyState />
            ) : (
              <ul
                aria-label="Clubes"
                aria-busy={rows === undefined || stale}
                className={cn('divide-y transition-opacity', stale && 'opacity-60')}
              >
                {rows === undefined
                  ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                      <li
                        key={i}
                        className="grid gap-3 px-5 py-4 md:grid-cols-[1.4fr_1fr_1.2fr_6.5rem]"
                        aria-hidden="true"
                      >
                        <SkeletonText widths={['w-40', 'w-32']} />
                        <SkeletonText widths={['w-28', 'w-24']} />
                        <SkeletonText widths={['w-28', 'w-20']} />
                        <Skeleton className="h-8 w-24" />
                      </li>
                    ))
                  : rows.map((club) => (
                      <ClubItem
                        key={club.id}
                        club={club}
                        onEnd={() => {
                          setShown(club);
                          setEnding(club);
                        }}
                      />
                    ))}
              </ul>
            )}
          </div>
          <PaginationFooter list={list} itemLabel="clubes" onPageChange={onPageChange} />
        </>
      )}

      <ClubDialog open={creating} onOpenChange={setCreating} />
      <EndClubDialog club={shown} open={ending !== null} onOpenChange={(open) => !open && setEnding(null)} />
    </Card>
  );
}

function ClubItem({ club, onEnd }: { club: Club; onEnd: () => void }) {
  return (
    <li
      className="grid gap-x-6 gap-y-3 px-5 py-4 md:grid-cols-[1.4fr_1fr_1.2fr_6.5rem] md:items-center"
      data-testid="club-row"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <TruncatedText text={club.plan_name} />
          <ClubStatusBadge club={club} />
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
          <ProgramLabel program={club.account.program} />
          <span aria-hidden="true">·</span>
          <Link
            to={`/contas/${club.account.id}`}
            className="text-primary tabular-nums underline-offset-4 hover:underline"
          >
            Conta {club.account.account_number}
          </Link>
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <UserIcon aria-hidden="true" className="size-3 shrink-0" />
          <TruncatedText text={club.account.holder_name ?? 'Conta da agência'} />
        </p>
      </div>
      <div className="text-sm">
        <p className="font-medium tabular-nums">{formatNumber(club.miles_per_month)} milhas/mês</p>
        <p className="text-muted-foreground tabular-nums">
          {formatCents(club.monthly_price_cents)} · {formatCostPerThousand(club.cost_per_thousand)} o milheiro
        </p>
      </div>
      <div className="text-sm">
        <p>
          Todo dia {club.billing_day} · {CLUB_PAYMENT_LABELS[club.payment_method]}
        </p>
        <p className="text-muted-foreground tabular-nums">
          {club.next_charge_date
            ? `Próxima: ${formatDate(club.next_charge_date)}`
            : club.end_date
              ? `Encerrado em ${formatDate(club.end_date)}`
              : ''}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {club.charges === 0
            ? 'Nenhum mês cobrado ainda'
            : `${club.charges} ${club.charges === 1 ? 'mês cobrado' : 'meses cobrados'} · ${formatNumber(club.miles_credited)} milhas · ${formatCents(club.paid_cents)}`}
        </p>
      </div>
      <div className="md:text-right">
        {club.status !== 'ended' && club.end_date === null && (
          <Button variant="outline" size="sm" onClick={onEnd} aria-label={`Encerrar ${club.plan_name}`}>
            Encerrar
          </Button>
        )}
      </div>
    </li>
  );
}

/** 'Ativo', 'Agendado', 'Encerrado'; 'Encerrando' on a running club's last days. */
function ClubStatusBadge({ club }: { club: Club }) {
  if (club.status === 'active' && club.end_date !== null) return <Badge variant="warning">Encerrando</Badge>;
  const variant = club.status === 'active' ? 'success' : club.status === 'scheduled' ? 'warning' : 'secondary';
  return <Badge variant={variant}>{CLUB_STATUS_LABELS[club.status]}</Badge>;
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-8 text-center" data-testid="clubs-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CalendarSyncIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhum clube cadastrado</p>
        <p className="text-sm text-muted-foreground">
          Cadastre as assinaturas de clubes (Smiles, LATAM Pass, Livelo...) para que as milhas de cada mês entrem no
          estoque sozinhas.
        </p>
      </div>
    </div>
  );
}

function EndClubDialog({
  club,
  open,
  onOpenChange,
}: {
  club: Club | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const end = useEndClub();
  const confirm = () => {
    if (!club) return;
    end.mutate(
      club.id,
      closingCallbacks(onOpenChange, 'Erro ao encerrar clube', () =>
        toast.success('Clube encerrado', { description: `${club.plan_name} não será mais cobrado.` }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={open && club !== null}
      onOpenChange={onOpenChange}
      busy={end.isPending}
      title="Encerrar clube?"
      description={
        club
          ? `${club.plan_name} deixa de ser cobrado a partir de amanhã. Os meses já cobrados continuam no estoque e no financeiro.`
          : ''
      }
      cancelLabel="Voltar"
      confirmLabel="Encerrar clube"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}
