import { useState, type FormEvent } from 'react';
import { LockIcon, SaveIcon } from 'lucide-react';
import { ADMIN_ONLY_NOTE } from '@domain/auth/roles';
import { AIRLINE_PROGRAM_KEYS, POINTS_PROGRAM_KEYS, programName } from '@domain/programs';
import { requiredRatioSchema } from '@domain/transfers/transfer.schema';
import { ProgramLabel } from '@/components/program-label';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRole } from '@/hooks/use-role';
import { isApiError } from '@/lib/api-client';
import { maskDecimal } from '@/lib/decimal-mask';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConversions } from '../api/get-conversions';
import { useUpdateConversion } from '../api/update-conversion';
import { ratioPhrase, ratioText } from '../ratio';
import type { Conversion } from '../types';

/**
 * /config → Financeiro, 'Paridades de transferência' (issue #23): the agency's miles per point for
 * each points → airline pair, which the transfer dialog starts from. Admins change them in place;
 * an operador reads them (docs/decisions/0026-team-and-roles.md).
 */
export function TransferRatiosCard() {
  const conversions = useConversions();
  const { isAdmin } = useRole();
  const list = conversions.data;

  return (
    <Card role="region" aria-labelledby="transfer-ratios-title">
      <CardHeader>
        <CardTitle id="transfer-ratios-title">Paridades de transferência</CardTitle>
        <CardDescription>
          Quantas milhas cada ponto rende ao ser transferido para uma companhia aérea: 1 = um ponto vira uma milha; 0,5
          = dois pontos viram uma milha. A transferência parte destes valores, que podem ser ajustados nela.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {conversions.isPending ? (
          <RatiosSkeleton />
        ) : conversions.isError && !list ? (
          <QueryErrorState title="Erro ao carregar as paridades" query={conversions} />
        ) : (
          POINTS_PROGRAM_KEYS.map((source) => (
            <RatioGroup key={source} source={source} conversions={list ?? []} editable={isAdmin} />
          ))
        )}
      </CardContent>
      {!isAdmin && (
        <CardFooter className="border-t pt-5">
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="read-only-note">
            <LockIcon aria-hidden="true" className="size-4 shrink-0" />
            {ADMIN_ONLY_NOTE}
          </p>
        </CardFooter>
      )}
    </Card>
  );
}

interface RatioGroupProps {
  source: string;
  conversions: readonly Conversion[];
  editable: boolean;
}

/** One points programme's pairs, in the catalogue's order of airlines. */
function RatioGroup({ source, conversions, editable }: RatioGroupProps) {
  const pairs = AIRLINE_PROGRAM_KEYS.flatMap((destination) =>
    conversions.filter((c) => c.source_program === source && c.destination_program === destination),
  );
  if (pairs.length === 0) return null;
  const headingId = `transfer-ratios-${source.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold">
        <ProgramLabel program={source} />
        <span className="shrink-0 font-normal text-muted-foreground max-sm:sr-only">→ companhias aéreas</span>
      </h4>
      <ul className="grid gap-x-8 sm:grid-cols-2" aria-label={`Paridades de ${programName(source)}`}>
        {pairs.map((conversion) => (
          <li key={conversion.destination_program} className="border-t py-2" data-testid="transfer-ratio-row">
            {editable ? <EditableRatio conversion={conversion} /> : <ReadOnlyRatio conversion={conversion} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Padrão": the agency never set this pair, so it is 1:1. */
function DefaultBadge({ conversion }: { conversion: Conversion }) {
  if (!conversion.is_default) return null;
  return (
    <Badge
      variant="outline"
      className="text-muted-foreground max-sm:sr-only"
      title="A agência ainda não definiu esta paridade"
    >
      Padrão
    </Badge>
  );
}

function ReadOnlyRatio({ conversion }: { conversion: Conversion }) {
  return (
    <div className="flex min-h-9 items-center justify-between gap-3">
      <span className="flex min-w-0 items-center gap-2 text-sm">
        <ProgramLabel program={conversion.destination_program} />
        <DefaultBadge conversion={conversion} />
      </span>
      <span className="text-sm font-medium tabular-nums">
        {ratioText(conversion.ratio)}
        <span className="sr-only"> {Number(conversion.ratio) >= 2 ? 'milhas' : 'milha'} por ponto</span>
      </span>
    </div>
  );
}

/** The pair's ratio, typed in place and saved on its own ('Salvar' or Enter). */
function EditableRatio({ conversion }: { conversion: Conversion }) {
  const update = useUpdateConversion();
  const saved = ratioText(conversion.ratio);
  const [text, setText] = useState(saved);
  const [seen, setSeen] = useState(conversion.ratio);
  const [error, setError] = useState<string | null>(null);
  // A ratio changed from outside (another tab's save, a refetch) replaces what the field shows.
  if (seen !== conversion.ratio) {
    setSeen(conversion.ratio);
    setText(ratioText(conversion.ratio));
    setError(null);
  }

  const source = programName(conversion.source_program);
  const destination = programName(conversion.destination_program);
  const id = `transfer-ratio-${conversion.source_program}-${conversion.destination_program}`.toLowerCase();
  const errorId = `${id}-error`;
  const changed = text.trim() !== saved;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = requiredRatioSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Paridade inválida');
      return;
    }
    if (parsed.data === conversion.ratio) {
      setText(saved);
      return;
    }
    update.mutate(
      {
        source_program: conversion.source_program,
        destination_program: conversion.destination_program,
        ratio: parsed.data,
      },
      {
        onSuccess: (result) => {
          setText(ratioText(result.ratio));
          toast.success('Paridade salva', { description: `${source} → ${destination}: ${ratioPhrase(result.ratio)}.` });
        },
        onError: (failure) => {
          const message = isApiError(failure) ? failure.fields?.ratio : undefined;
          if (message) setError(message);
          toastError('Erro ao salvar a paridade', failure);
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-[minmax(0,1fr)_4.5rem_auto] items-center gap-x-2 gap-y-1 sm:grid-cols-[minmax(0,1fr)_5.5rem_auto]"
    >
      <label htmlFor={id} className="flex min-w-0 items-center gap-2 text-sm">
        <span className="sr-only">Paridade de {source} para </span>
        <ProgramLabel program={conversion.destination_program} />
        <span className="sr-only"> (milhas por ponto)</span>
        <DefaultBadge conversion={conversion} />
      </label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        className="text-right tabular-nums"
        value={text}
        mask={maskDecimal}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      {/* Offered once something changed; its room is kept so the rows do not move as one is typed in. */}
      <SubmitButton
        size="sm"
        className={cn(!changed && !update.isPending && 'invisible')}
        pending={update.isPending}
        disabled={!changed}
        icon={SaveIcon}
        aria-label={`Salvar paridade de ${source} para ${destination}`}
      >
        Salvar
      </SubmitButton>
      {error && (
        <p id={errorId} role="alert" className="col-span-3 text-[0.8rem] leading-snug font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

function RatiosSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Carregando paridades">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  );
}
