import { Link } from 'react-router';
import {
  ArrowRightIcon,
  CheckCircle2Icon,
  Loader2Icon,
  RotateCcwIcon,
  TriangleAlertIcon,
  XCircleIcon,
} from 'lucide-react';
import {
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_MESSAGES,
  IMPORT_PHASE_LABELS,
  type ImportDryRun,
  type ImportDuplicateAction,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportUpload,
} from '@domain/imports/import.schema';
import { formatDate, formatFileSize, formatNumber } from '@domain/format';
import { DetailItem } from '@/components/detail-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { IMPORT_LIST_LINKS, importedDescription, jobPercent } from '../import-model';

export interface ImportStepConfirmProps {
  kind: ImportKind;
  upload: ImportUpload;
  mapping: ImportMapping;
  dryRun: ImportDryRun;
  onDuplicate: ImportDuplicateAction;
  onlyValid: boolean;
  onOnlyValidChange: (onlyValid: boolean) => void;
  /** The import started: its job as last polled (null until the first answer). */
  job: ImportJob | null;
  started: boolean;
  onRestart: () => void;
}

/** Step 4: what will be imported, "Importar só as linhas válidas (n)", then the job's progress to its end. */
export function ImportStepConfirm(props: ImportStepConfirmProps) {
  if (props.started) return <ImportJobProgress job={props.job} kind={props.kind} onRestart={props.onRestart} />;
  const { kind, upload, mapping, dryRun, onDuplicate, onlyValid, onOnlyValidChange } = props;
  const fields = IMPORT_FIELDS[kind].filter((field) => mapping[field.key]);
  const hasErrors = dryRun.invalid_rows > 0 || dryRun.error_count > 0;
  const previous = upload.previous_import;
  return (
    <div className="grid grid-cols-1 gap-5">
      {previous && (
        <Alert variant="warning">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{IMPORT_MESSAGES.previousImport(formatDate(previous.created_at))}</AlertDescription>
        </Alert>
      )}
      <dl
        className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-lg border p-4 text-sm sm:grid-cols-4"
        data-testid="import-summary"
      >
        <DetailItem compact label="Tipo">
          {IMPORT_KIND_LABELS[kind]}
        </DetailItem>
        <DetailItem compact label="Arquivo" className="col-span-2 sm:col-span-3">
          <span className="block truncate font-medium" title={upload.file.name}>
            {upload.file.name}
          </span>
          <span className="text-xs text-muted-foreground">
            {formatFileSize(upload.file.size)} · {formatNumber(upload.file.rows)}{' '}
            {upload.file.rows === 1 ? 'linha' : 'linhas'}
          </span>
        </DetailItem>
        <DetailItem compact label="Linhas válidas">
          <span className="font-semibold text-success tabular-nums">{formatNumber(dryRun.valid_rows)}</span>
        </DetailItem>
        <DetailItem compact label="Linhas com erro">
          <span className={hasErrors ? 'font-semibold text-destructive tabular-nums' : 'tabular-nums'}>
            {formatNumber(dryRun.invalid_rows)}
          </span>
        </DetailItem>
        {kind === 'clients' && (
          <DetailItem compact label="CPF/CNPJ já cadastrado" className="col-span-2">
            <span className="tabular-nums">{formatNumber(dryRun.existing_rows)}</span>{' '}
            <span className="text-muted-foreground">
              ({onDuplicate === 'update' ? 'serão atualizados' : 'serão pulados'})
            </span>
          </DetailItem>
        )}
      </dl>

      <section aria-labelledby="import-summary-mapping" className="grid grid-cols-1 gap-2">
        <h4 id="import-summary-mapping" className="text-sm font-semibold">
          Mapeamento
        </h4>
        <ul className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border p-4 text-sm sm:grid-cols-2">
          {fields.map((field) => (
            <li key={field.key} className="flex min-w-0 items-baseline gap-2">
              <span className="shrink-0 font-medium">{field.label}</span>
              <ArrowRightIcon aria-hidden="true" className="size-3.5 shrink-0 self-center text-muted-foreground" />
              <span className="sr-only">: coluna</span>
              <span className="truncate text-muted-foreground" title={mapping[field.key]}>
                {mapping[field.key]}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {hasErrors && (
        <div className="grid grid-cols-1 gap-2 rounded-lg border border-amber-400/60 bg-amber-50 p-4 dark:border-amber-400/30 dark:bg-amber-400/10">
          <div className="flex items-start gap-3">
            <Checkbox
              id="import-only-valid"
              checked={onlyValid}
              onCheckedChange={(checked) => onOnlyValidChange(checked === true)}
              aria-describedby="import-only-valid-hint"
              className="mt-0.5"
            />
            <div className="grid grid-cols-1 gap-1">
              <Label htmlFor="import-only-valid" className="leading-snug">
                Importar só as linhas válidas ({formatNumber(dryRun.valid_rows)})
              </Label>
              <p id="import-only-valid-hint" className="text-sm text-amber-900 dark:text-amber-200">
                {formatNumber(dryRun.invalid_rows)}{' '}
                {dryRun.invalid_rows === 1 ? 'linha com erro fica de fora' : 'linhas com erro ficam de fora'}. Sem esta
                opção, a importação é recusada enquanto houver erros.
              </p>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** The job while it runs (phase and progress, polled), then how it ended. */
function ImportJobProgress({
  job,
  kind,
  onRestart,
}: {
  job: ImportJob | null;
  kind: ImportKind;
  onRestart: () => void;
}) {
  if (job === null || job.status === 'processing') {
    const percent = job ? jobPercent(job) : 0;
    const phase = job ? IMPORT_PHASE_LABELS[job.phase] : IMPORT_PHASE_LABELS.queued;
    return (
      <div className="grid grid-cols-1 gap-3 rounded-lg border p-5" data-testid="import-progress">
        <div className="flex items-center gap-3">
          <Loader2Icon aria-hidden="true" className="size-5 shrink-0 animate-spin text-primary" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">Importando...</p>
            <p role="status" className="text-sm text-muted-foreground" data-testid="import-phase">
              {phase}
              {job && job.phase !== 'queued' && job.total_rows > 0 && (
                <span className="tabular-nums">
                  {' '}
                  · {formatNumber(Math.min(job.progress, job.total_rows))} de {formatNumber(job.total_rows)} linhas
                </span>
              )}
            </p>
          </div>
          <span className="text-sm font-semibold tabular-nums">{percent}%</span>
        </div>
        <Progress value={percent} aria-label="Progresso da importação" />
        <p className="text-xs text-muted-foreground">
          Pode sair desta página: a importação continua e aparece no histórico abaixo.
        </p>
      </div>
    );
  }

  const list = IMPORT_LIST_LINKS[kind];
  if (job.status === 'failed') {
    return (
      <div className="grid grid-cols-1 gap-4" data-testid="import-failed">
        <Alert variant="destructive">
          <XCircleIcon aria-hidden="true" />
          <AlertTitle>Erro na importação</AlertTitle>
          <AlertDescription>
            {job.message ?? 'A importação não foi concluída. Nenhum registro foi gravado.'}
          </AlertDescription>
        </Alert>
        <div>
          <Button onClick={onRestart}>
            <RotateCcwIcon aria-hidden="true" />
            Nova importação
          </Button>
        </div>
      </div>
    );
  }

  const undone = job.status === 'undone';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-lg border px-6 py-8 text-center',
        undone ? 'bg-muted/30' : 'border-success/30 bg-success/5',
      )}
      data-testid="import-done"
    >
      <span
        className={cn(
          'flex size-12 items-center justify-center rounded-full',
          undone ? 'bg-muted text-muted-foreground' : 'bg-success/15 text-success',
        )}
      >
        {undone ? (
          <RotateCcwIcon aria-hidden="true" className="size-6" />
        ) : (
          <CheckCircle2Icon aria-hidden="true" className="size-6" />
        )}
      </span>
      <div className="space-y-1">
        <p className="text-lg font-semibold">{undone ? 'Importação desfeita' : 'Importação concluída'}</p>
        <p className="text-sm text-muted-foreground" data-testid="import-done-description">
          {undone ? (
            'Os registros desta importação foram marcados como excluídos.'
          ) : (
            <>
              {importedDescription(job)}
              {job.error_rows > 0 &&
                ` ${formatNumber(job.error_rows)} ${job.error_rows === 1 ? 'linha com erro ficou' : 'linhas com erro ficaram'} de fora.`}
            </>
          )}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant={undone ? 'default' : 'outline'} onClick={onRestart}>
          <RotateCcwIcon aria-hidden="true" />
          Nova importação
        </Button>
        {!undone && (
          <Button asChild>
            <Link to={list.to}>
              {list.label}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
