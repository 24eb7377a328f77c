import { useState } from 'react';
import { CreditCardIcon, PlusIcon } from 'lucide-react';
import { CARD_BRAND_LABELS } from '@domain/cards/card.schema';
import { formatCents, formatPercent } from '@domain/format';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card as CardBox, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { cn } from '@/lib/utils';
import { useCards } from '../api/get-cards';
import type { Card } from '../types';
import { CardDialog } from './card-dialog';

const SKELETON_ROWS = 2;

/**
 * 'Cartões' on /financeiro (issue #23): the agency's credit cards, each with its bill's closing and
 * due days, its limit and what its unpaid instalments still owe; 'Novo cartão'.
 */
export function CardsSection() {
  const cards = useCards();
  const [creating, setCreating] = useState(false);
  const rows = cards.data;

  return (
    <CardBox role="region" aria-labelledby="cards-title" className="gap-4 pb-0">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="space-y-1.5">
          <CardTitle id="cards-title">Cartões</CardTitle>
          <CardDescription>
            Os cartões de crédito da agência. As compras parceladas de milhas entram em Contas a pagar, no vencimento de
            cada fatura.
          </CardDescription>
        </div>
        <Button size="sm" className="mt-2 shrink-0 self-start sm:mt-0" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Novo cartão
        </Button>
      </CardHeader>

      {cards.isError && !rows ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar os cartões" query={cards} />
        </CardContent>
      ) : (
        <div className="border-t">
          {rows && rows.length === 0 ? (
            <ListEmptyState texts={EMPTY} filtered={false} />
          ) : (
            <ul aria-label="Cartões" aria-busy={rows === undefined} className="divide-y">
              {rows === undefined
                ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <li key={i} className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_auto]" aria-hidden="true">
                      <SkeletonText widths={['w-40', 'w-32']} />
                      <Skeleton className="h-9 w-48" />
                    </li>
                  ))
                : rows.map((card) => <CardItem key={card.id} card={card} />)}
            </ul>
          )}
        </div>
      )}

      <CardDialog open={creating} onOpenChange={setCreating} />
    </CardBox>
  );
}

function CardItem({ card }: { card: Card }) {
  return (
    <li
      className="grid gap-x-6 gap-y-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(12rem,16rem)] sm:items-center"
      data-testid="card-row"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <TruncatedText text={card.name} />
          <Badge variant="outline">{CARD_BRAND_LABELS[card.brand]}</Badge>
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          Fecha dia {card.closing_day} · vence dia {card.due_day}
        </p>
      </div>
      <CardUsage card={card} />
    </li>
  );
}

/** What the card owes, against its limit when it has one. */
function CardUsage({ card }: { card: Card }) {
  const limit = card.limit_cents;
  const used = limit ? (card.open_cents / limit) * 100 : null;
  return (
    <div className="space-y-1.5 text-sm sm:text-right">
      <p className="tabular-nums">
        Em aberto: <span className="font-medium">{formatCents(card.open_cents)}</span>
      </p>
      {used !== null && (
        <Progress
          value={used}
          aria-label={`Limite usado: ${formatPercent(used)}`}
          indicatorClassName={cn(used >= 100 && 'bg-destructive')}
        />
      )}
      <p className="text-xs text-muted-foreground tabular-nums">
        {limit ? `Limite: ${formatCents(limit)}` : 'Sem limite informado'}
      </p>
    </div>
  );
}

const EMPTY: ListEmptyTexts = {
  icon: CreditCardIcon,
  title: 'Nenhum cartão cadastrado',
  noMatch: 'Nenhum cartão cadastrado.',
  start: 'Cadastre os cartões de crédito da agência para comprar milhas em parcelas e acompanhar cada fatura.',
};
