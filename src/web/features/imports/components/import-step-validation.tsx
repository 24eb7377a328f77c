import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  DownloadIcon,
  ListChecksIcon,
  Loader2Icon,
  RefreshCwIcon,
  UserCheckIcon,
  XCircleIcon,
  type LucideIcon,
} from 'lucide-react';
import {
  IMPORT_MESSAGES,
  type ImportDryRun,
  type ImportDuplicateAction,
  type ImportKind,
  type ImportRowError,
} from '@domain/imports/import.schema';
import { formatNumber } from '@domain/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { mappingErrorsOf, moreErrors, rowLabel } from '../import-model';

export interface ImportStepValidationProps {
  kind: ImportKind;
  /** The dry run's answer; undefined while it runs or after it failed. */
  dryRun: ImportDryRun | undefined;
  running: boolean;
  error: Error | null;
  onRetry: () => void;
  onDuplicate: ImportDuplicateAction;
  onDuplicateChange: (action: ImportDuplicateAction) => void;
  onDownloadErrors: () => void;
  downloading: boolean;
  onBackToMapping: () => void;
}

/** Step 3: the dry run's counts, the first errors, the errors' CSV; for clients, what to do with CPFs already registered. */
export function ImportStepValidation(props: ImportStepValidationProps) {
  const { kind, dryRun, running, error, onRetry } = props;
  if (!dryRun) {
    if (error && !running) {
      return (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-6 py-8 text-center"
        >
          <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
          <div className="space-y-1">
            <p className="font-semibold">Não foi possível analisar o arquivo</p>
            <p className="text-sm text-muted-foreground">{error.message}</p>
          </div>
          <Button variant="outline" onClick={onRetry}>
            <RefreshCwIcon aria-hidden="true" />
            Tentar Novamente
          </Button>
        </div>
      );
    }
    return <ValidationSkeleton />;
  }

  const mappingProblems = mappingErrorsOf(dryRun);
  return (
    <div className={cn('grid grid-cols-1 gap-5 transition-opacity', running && 'opacity-60')} aria-busy={running}>
      <section aria-label="Resultado da análise" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <CountTile icon={ListChecksIcon} label="Linhas no arquivo" value={dryRun.total_rows} testId="count-total" />
        <CountTile
          icon={CheckCircle2Icon}
          label="Válidas"
          value={dryRun.valid_rows}
          tone="success"
          testId="count-valid"
        />
        <CountTile
          icon={XCircleIcon}
          label="Com erro"
          value={dryRun.invalid_rows}
          tone={dryRun.invalid_rows > 0 ? 'destructive' : undefined}
          testId="count-invalid"
        />
        {kind === 'clients' ? (
          <CountTile
            icon={UserCheckIcon}
            label="CPF/CNPJ já cadastrado"
            value={dryRun.existing_rows}
            tone={dryRun.existing_rows > 0 ? 'warning' : undefined}
            testId="count-existing"
          />
        ) : (
          <CountTile
            icon={AlertTriangleIcon}
            label="Erros encontrados"
            value={dryRun.error_count}
            testId="count-errors"
          />
        )}
      </section>

      {mappingProblems.length > 0 && (
        <Alert variant="destructive" data-testid="dry-run-mapping-errors">
          <XCircleIcon aria-hidden="true" />
          <AlertTitle>Corrija o mapeamento para continuar</AlertTitle>
          <AlertDescription>
            <span className="grid grid-cols-1 gap-0.5">
              {mappingProblems.map((problem, i) => (
                <span key={i} className="block">
                  {problem.message}
                </span>
              ))}
            </span>
            <Button variant="outline" size="sm" className="mt-2" onClick={props.onBackToMapping}>
              Voltar ao mapeamento
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {kind === 'clients' && (
        <DuplicateChoice
          existing={dryRun.existing_rows}
          value={props.onDuplicate}
          onChange={props.onDuplicateChange}
          disabled={running}
        />
      )}

      {dryRun.error_count === 0 ? (
        <Alert data-testid="dry-run-no-errors">
          <CheckCircle2Icon aria-hidden="true" className="text-success!" />
          <AlertTitle>Nenhum erro encontrado</AlertTitle>
          <AlertDescription>
            {dryRun.valid_rows === 1
              ? 'A linha do arquivo pode ser importada.'
              : `As ${formatNumber(dryRun.valid_rows)} linhas do arquivo podem ser importadas.`}
          </AlertDescription>
        </Alert>
      ) : (
        <ErrorList
          dryRun={dryRun}
          onDownload={props.onDownloadErrors}
          downloading={props.downloading}
          hideMapping={mappingProblems.length > 0}
        />
      )}
    </div>
  );
}

const TONES = {
  success: 'text-success',
  destructive: 'text-destructive',
  warning: 'text-amber-600 dark:text-amber-400',
} as const;

function CountTile({
  icon: Icon,
  label,
  value,
  tone,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  tone?: keyof typeof TONES | undefined;
  testId: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-1 rounded-lg border bg-card px-4 py-3" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</span>
        <Icon aria-hidden="true" className={cn('size-4 shrink-0 text-muted-foreground', tone && TONES[tone])} />
      </div>
      <span className={cn('text-xl font-semibold tabular-nums sm:text-2xl', tone && TONES[tone])}>
        {formatNumber(value)}
      </span>
    </div>
  );
}

const DUPLICATE_OPTIONS: { value: ImportDuplicateAction; label: string; description: string }[] = [
  { value: 'skip', label: 'Pular', description: 'Mantém o cadastro atual e ignora a linha do arquivo.' },
  { value: 'update', label: 'Atualizar', description: 'Atualiza o cadastro com os dados do arquivo.' },
];

/** What the import does with a row whose CPF/CNPJ is already a client's. */
function DuplicateChoice({
  existing,
  value,
  onChange,
  disabled,
}: {
  existing: number;
  value: ImportDuplicateAction;
  onChange: (action: ImportDuplicateAction) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 rounded-lg border p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold">CPF/CNPJ já cadastrado</legend>
      <p className="text-sm text-muted-foreground">
        {existing === 0
          ? 'Nenhuma linha tem o CPF/CNPJ de um cliente já cadastrado. Se houver alguma na hora de importar:'
          : `${formatNumber(existing)} ${existing === 1 ? 'linha tem o CPF/CNPJ de um cliente já cadastrado' : 'linhas têm o CPF/CNPJ de clientes já cadastrados'}. O que fazer com ${existing === 1 ? 'ela' : 'elas'}?`}
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {DUPLICATE_OPTIONS.map((option) => {
          const id = `import-duplicate-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border bg-card p-3',
                value === option.value && 'border-primary ring-1 ring-primary',
              )}
            >
              <input
                id={id}
                type="radio"
                name="import-duplicate"
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={`${id}-description`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="space-y-0.5">
                <span className="block text-sm font-medium">{option.label}</span>
                <span id={`${id}-description`} className="block text-sm text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function ErrorList({
  dryRun,
  onDownload,
  downloading,
  hideMapping,
}: {
  dryRun: ImportDryRun;
  onDownload: () => void;
  downloading: boolean;
  /** The mapping's errors are in their own alert above. */
  hideMapping: boolean;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  const errors = hideMapping ? dryRun.errors.filter((e) => e.row !== 0) : dryRun.errors;
  const more = moreErrors(dryRun);
  return (
    <section aria-labelledby="import-errors-title" className="grid grid-cols-1 gap-3" data-testid="dry-run-errors">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h4 id="import-errors-title" className="text-sm font-semibold">
            Erros encontrados ({formatNumber(dryRun.error_count)})
          </h4>
          <p className="text-xs text-muted-foreground">
            {more > 0
              ? `Os primeiros ${formatNumber(dryRun.errors.length)}; baixe o CSV para ver todos.`
              : 'Corrija-os no arquivo e envie-o de novo, ou importe só as linhas válidas.'}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onDownload} disabled={downloading} className="self-start">
          {downloading ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          Baixar erros (CSV)
        </Button>
      </div>
      {errors.length > 0 &&
        (wide ? (
          <div className="rounded-lg border">
            <Table aria-label="Erros da análise">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-20 text-right">Linha</TableHead>
                  <TableHead>Campo</TableHead>
                  <TableHead>Valor</TableHead>
                  <TableHead>Mensagem</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {errors.map((error, i) => (
                  <TableRow key={i} data-testid="dry-run-error">
                    <TableCell className="text-right tabular-nums">{rowLabel(error.row)}</TableCell>
                    <TableCell className="font-medium whitespace-nowrap">{error.label}</TableCell>
                    <TableCell className="max-w-[14rem]">
                      <ErrorValue error={error} />
                    </TableCell>
                    <TableCell className="text-destructive">{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : (
          <ul aria-label="Erros da análise" className="divide-y rounded-lg border">
            {errors.map((error, i) => (
              <li key={i} className="grid grid-cols-1 gap-1 px-4 py-3 text-sm" data-testid="dry-run-error">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {error.row === 0 ? 'Mapeamento' : `Linha ${formatNumber(error.row)}`}
                  </span>
                  <span className="font-medium">{error.label}</span>
                </p>
                <ErrorValue error={error} />
                <p className="text-destructive">{error.message}</p>
              </li>
            ))}
          </ul>
        ))}
      {more > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="dry-run-more-errors">
          {IMPORT_MESSAGES.moreErrors(more)}
        </p>
      )}
    </section>
  );
}

function ErrorValue({ error }: { error: ImportRowError }) {
  return error.value === '' ? (
    <span className="text-muted-foreground italic">vazio</span>
  ) : (
    <span className="block truncate font-mono text-xs" title={error.value}>
      {error.value}
    </span>
  );
}

function ValidationSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-5" aria-busy="true">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
        Analisando as linhas do arquivo (nada é gravado nesta etapa)...
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-[4.75rem]" />
        ))}
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}
