import { useId, useState, type ReactNode } from 'react';
import { beneficiarySummary } from '@domain/emissions/beneficiaries';
import { getProgram, isPointsProgram, type BeneficiaryLimit } from '@domain/programs';
import { DetailCard } from '@/components/detail-card';
import { QueryErrorState } from '@/components/query-error-state';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import {
  beneficiariesOn,
  beneficiariesOnDayText,
  beneficiaryRuleText,
  defaultBeneficiaryDay,
  freeSlotsText,
  nextFreedDay,
  nextFreedText,
} from '../account-display';
import { useAccountBeneficiaries } from '../api/get-account-beneficiaries';
import type { AccountBeneficiaries } from '../types';

export interface AccountBeneficiariesCardProps {
  accountId: string;
  program: string;
}

/**
 * 'Beneficiários' (DESIGN.md §2 "emission_passengers"): how many people the account may still
 * issue tickets for, today and on a day the user picks, and how its programme's window frees them.
 * Programmes without a limit say so without asking the API.
 */
export function AccountBeneficiariesCard({ accountId, program }: AccountBeneficiariesCardProps) {
  const limit = getProgram(program)?.beneficiaryLimit ?? null;
  const query = useAccountBeneficiaries(accountId, limit !== null);

  return (
    <DetailCard title="Beneficiários">
      {isPointsProgram(program) ? (
        <NoLimit title="Programa de pontos: não emite passagens">
          Os pontos viram milhas ao serem transferidos para o programa de uma companhia aérea.
        </NoLimit>
      ) : limit === null ? (
        <NoLimit title="Sem limite de beneficiários">
          Este programa não limita para quantas pessoas a conta pode emitir passagens.
        </NoLimit>
      ) : query.isError && !query.data ? (
        <QueryErrorState compact title="Erro ao carregar os beneficiários" query={query} />
      ) : query.data ? (
        <BeneficiarySlots data={query.data} limit={limit} />
      ) : (
        <div className="grid gap-6 md:grid-cols-2" role="status" aria-busy="true" aria-label="Carregando beneficiários">
          <div className="space-y-2">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-full" />
          </div>
          <div className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-full max-w-48" />
            <Skeleton className="h-4 w-56" />
          </div>
        </div>
      )}
    </DetailCard>
  );
}

function NoLimit({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

function BeneficiarySlots({ data, limit }: { data: AccountBeneficiaries; limit: BeneficiaryLimit }) {
  const [day, setDay] = useState(() => defaultBeneficiaryDay(data.today));
  const fieldId = useId();
  const resultId = useId();
  const today = beneficiariesOn(data, data.today);
  const freed = nextFreedText(today.kind, nextFreedDay(data, data.today));
  const onDay = beneficiariesOnDayText(data, day);

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-1.5">
        <p className="text-lg font-semibold tracking-tight tabular-nums" data-testid="beneficiaries-today">
          {freeSlotsText(today, data.today, data.today)}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">{beneficiarySummary(today)}</p>
        <p className="text-sm">{beneficiaryRuleText(limit.kind, limit.max)} O titular da conta não ocupa vaga.</p>
        {freed && <p className="text-sm text-muted-foreground">{freed}</p>}
      </div>
      <div className="space-y-2">
        <Label htmlFor={fieldId}>Ver vagas em</Label>
        <div className="max-w-48">
          <DateInput
            id={fieldId}
            value={day}
            onChange={setDay}
            aria-describedby={resultId}
            aria-invalid={onDay.invalid || undefined}
          />
        </div>
        <p
          id={resultId}
          aria-live="polite"
          className={cn('text-sm', onDay.invalid ? 'font-medium text-destructive' : 'font-semibold tabular-nums')}
          data-testid="beneficiaries-on-day"
        >
          {onDay.text}
        </p>
        {!onDay.invalid && <p className="text-xs text-muted-foreground">Contando só as emissões feitas até hoje.</p>}
      </div>
    </div>
  );
}
