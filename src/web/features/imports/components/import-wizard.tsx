import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, ArrowRightIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import {
  IMPORT_KIND_LABELS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportDryRun,
  type ImportDuplicateAction,
  type ImportKind,
  type ImportMapping,
  type ImportRunInput,
  type ImportUpload,
} from '@domain/imports/import.schema';
import { formatNumber } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Stepper } from '@/components/ui/stepper';
import { isApiError } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useDownloadImportErrors } from '../api/download-import-errors';
import { useDryRunImport } from '../api/dry-run-import';
import { useImportJob } from '../api/get-import-job';
import { invalidateImportedQueries } from '../api/invalidate';
import { useStartImport } from '../api/start-import';
import { useUploadImportFile } from '../api/upload-import-file';
import {
  canConfirm,
  fileProblem,
  IMPORT_WIZARD_STEPS,
  importedDescription,
  initialMapping,
  isMappingComplete,
  mappingErrorsOf,
  uploadedDescription,
} from '../import-model';
import { ImportKindPicker } from './import-kind-picker';
import { ImportStepConfirm } from './import-step-confirm';
import { ImportStepMapping } from './import-step-mapping';
import { ImportStepUpload } from './import-step-upload';
import { ImportStepValidation } from './import-step-validation';

export interface ImportWizardProps {
  /** From the address (`?tipo=`); the page mounts a new wizard for another kind. */
  kind: ImportKind;
  /** Another kind chosen; the file loaded so far goes with it, to be read again for that kind. */
  onKindChange: (kind: ImportKind, file: File | null) => void;
  /** A file loaded under the previous kind: sent again as the wizard opens. */
  initialFile: File | null;
}

interface WizardState {
  step: number;
  file: File | null;
  /** Why the last file was refused. */
  fileError: string | null;
  upload: ImportUpload | null;
  mapping: ImportMapping;
  onDuplicate: ImportDuplicateAction;
  /** The last dry run's answer, kept while the next one runs. */
  dryRun: ImportDryRun | null;
  onlyValid: boolean;
  /** The import started: its job, polled. */
  jobId: string | null;
}

const INITIAL: WizardState = {
  step: 0,
  file: null,
  fileError: null,
  upload: null,
  mapping: {},
  onDuplicate: 'skip',
  dryRun: null,
  onlyValid: false,
  jobId: null,
};

const STEP_TEXTS = [
  {
    title: 'Envie o arquivo',
    description: 'O arquivo é lido no servidor: veja as colunas e as primeiras linhas antes de seguir.',
  },
  {
    title: 'Relacione as colunas',
    description: 'Escolha, para cada campo, a coluna do arquivo que o preenche. Os campos com * são obrigatórios.',
  },
  {
    title: 'Confira a validação',
    description: 'Análise a seco: cada linha é conferida com as regras do cadastro, sem gravar nada.',
  },
  {
    title: 'Confirme a importação',
    description: 'Revise o resumo e importe. Uma importação concluída pode ser desfeita pelo histórico.',
  },
] as const;

/** The 4-step import (spec part 2 §2 /importador, §4 "Import wizard"): upload, mapping, dry run, confirm. */
export function ImportWizard({ kind, onKindChange, initialFile }: ImportWizardProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WizardState>(INITIAL);
  const update = (patch: Partial<WizardState>) => setState((current) => ({ ...current, ...patch }));
  const { mutate: uploadFile, isPending: uploading, reset: resetUpload } = useUploadImportFile();
  const dryRun = useDryRunImport();
  const start = useStartImport();
  const downloadErrors = useDownloadImportErrors();
  const job = useImportJob(state.jobId);

  // The step's heading takes the focus as the step changes (it is remounted per step, below), so a
  // screen reader reads where it is; not on the page's first render.
  const moved = useRef(false);
  const focusHeading = useCallback((node: HTMLHeadingElement | null) => {
    if (node && moved.current) node.focus();
  }, []);
  const goTo = (step: number) => {
    moved.current = true;
    update({ step });
  };

  const sendFile = useCallback(
    (file: File) => {
      const problem = fileProblem(file, IMPORT_MAX_BYTES);
      setState({ ...INITIAL, file: problem ? null : file, fileError: problem });
      if (problem) {
        resetUpload();
        toast.error('Erro na importação', { description: problem });
        return;
      }
      uploadFile(
        { kind, file },
        {
          onSuccess: (answer) => {
            setState((current) => ({
              ...current,
              upload: answer,
              mapping: initialMapping(kind, answer.mapping, answer.file.headers),
            }));
            toast.success('Arquivo carregado', { description: uploadedDescription(answer.file) });
          },
          onError: (error) => {
            setState((current) => ({ ...current, file: null, fileError: error.message }));
            toastError('Erro na importação', error);
          },
        },
      );
    },
    [kind, uploadFile, resetUpload],
  );

  // The file carried over from another kind is read again for this one, once.
  const carried = useRef(initialFile);
  useEffect(() => {
    const file = carried.current;
    carried.current = null;
    if (file) sendFile(file);
  }, [sendFile]);

  // The job's end: said once, and the history and the lists it wrote to are read again.
  const announced = useRef<string | null>(null);
  const jobData = job.data ?? null;
  useEffect(() => {
    if (!jobData || jobData.status === 'processing' || announced.current === jobData.id) return;
    announced.current = jobData.id;
    void invalidateImportedQueries(queryClient);
    if (jobData.status === 'completed') {
      toast.success('Importação concluída', { description: importedDescription(jobData) });
    } else if (jobData.status === 'failed') {
      toast.error('Erro na importação', { description: jobData.message ?? undefined });
    }
  }, [jobData, queryClient]);

  const runInput = (patch: Partial<ImportRunInput> = {}): ImportRunInput | null =>
    state.upload && {
      file_id: state.upload.file.id,
      kind,
      mapping: state.mapping,
      on_duplicate: state.onDuplicate,
      ...patch,
    };

  const runDryRun = (patch: Partial<ImportRunInput> = {}) => {
    const input = runInput(patch);
    if (!input) return;
    dryRun.mutate(input, {
      onSuccess: (answer) => {
        update({ dryRun: answer, onlyValid: false });
        toast.success('Análise a seco concluída', {
          description: `${formatNumber(answer.valid_rows)} ${answer.valid_rows === 1 ? 'linha válida' : 'linhas válidas'}, ${formatNumber(answer.invalid_rows)} com erro.`,
        });
      },
      onError: (error) => toastError('Erro na importação', error),
    });
  };

  const importNow = () => {
    const input = runInput();
    if (!input) return;
    start.mutate(
      { ...input, only_valid: state.onlyValid },
      {
        onSuccess: (started) => {
          moved.current = true;
          update({ jobId: started.id });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
            toast.error('Validação falhou', { description: error.message });
          } else toastError('Erro na importação', error);
        },
      },
    );
  };

  const restart = () => {
    moved.current = true;
    resetUpload();
    dryRun.reset();
    start.reset();
    setState(INITIAL);
  };

  const { step, upload } = state;
  const started = state.jobId !== null;
  const running = started && (jobData === null || jobData.status === 'processing');
  const mappingReady = upload !== null && isMappingComplete(kind, state.mapping, upload.file.headers);
  const blocked = blockedReason(step, { state, uploading, mappingReady, dryRunning: dryRun.isPending });

  return (
    <Card aria-labelledby="import-wizard-title" role="region">
      <CardHeader>
        <CardTitle id="import-wizard-title">Nova importação</CardTitle>
        <CardDescription>
          Clientes, lotes de milhas ou emissões a partir de uma planilha: envie, relacione as colunas, valide e importe.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <ImportKindPicker
          value={kind}
          disabled={running || start.isPending}
          onChange={(next) => onKindChange(next, started ? null : state.file)}
        />

        <Stepper
          steps={IMPORT_WIZARD_STEPS}
          current={started && !running ? IMPORT_WIZARD_STEPS.length : step}
          label="Etapas da importação"
        />

        <section
          aria-labelledby="import-step-title"
          className="grid grid-cols-1 min-w-0 gap-4"
          data-testid={`import-step-${step + 1}`}
        >
          <div className="space-y-1">
            <h3
              id="import-step-title"
              key={`${step}-${state.jobId ?? ''}`}
              ref={focusHeading}
              tabIndex={-1}
              className="text-base font-semibold outline-none"
            >
              <span className="sr-only">
                Etapa {step + 1} de {IMPORT_WIZARD_STEPS.length}:{' '}
              </span>
              {started ? importHeading(jobData?.status) : STEP_TEXTS[step]!.title}
            </h3>
            {!started && (
              <p className="text-sm text-muted-foreground">
                {step === 1
                  ? `${STEP_TEXTS[1].description} Tipo: ${IMPORT_KIND_LABELS[kind]}.`
                  : STEP_TEXTS[step]!.description}
              </p>
            )}
          </div>

          {step === 0 && (
            <ImportStepUpload upload={upload} uploading={uploading} error={state.fileError} onFile={sendFile} />
          )}
          {step === 1 && upload && (
            <ImportStepMapping
              kind={kind}
              upload={upload}
              mapping={state.mapping}
              onMappingChange={(mapping) => update({ mapping })}
            />
          )}
          {step === 2 && (
            <ImportStepValidation
              kind={kind}
              dryRun={state.dryRun ?? undefined}
              running={dryRun.isPending}
              error={dryRun.error}
              onRetry={() => runDryRun()}
              onDuplicate={state.onDuplicate}
              onDuplicateChange={(onDuplicate) => {
                update({ onDuplicate });
                runDryRun({ on_duplicate: onDuplicate });
              }}
              onDownloadErrors={() => {
                const input = runInput();
                if (input)
                  downloadErrors.mutate(input, {
                    onError: (error) => toastError('Erro ao baixar os erros', error),
                  });
              }}
              downloading={downloadErrors.isPending}
              onBackToMapping={() => goTo(1)}
            />
          )}
          {step === 3 && upload && state.dryRun && (
            <ImportStepConfirm
              kind={kind}
              upload={upload}
              mapping={state.mapping}
              dryRun={state.dryRun}
              onDuplicate={state.onDuplicate}
              onlyValid={state.onlyValid}
              onOnlyValidChange={(onlyValid) => update({ onlyValid })}
              job={jobData}
              started={started}
              onRestart={restart}
            />
          )}
          {started && job.isError && !jobData && (
            <QueryErrorState compact title="Não foi possível acompanhar a importação" query={job} />
          )}
        </section>

        {!started && (
          <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p id="import-next-hint" className="text-sm text-muted-foreground" aria-live="polite">
              {blocked}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {step > 0 && (
                <Button variant="outline" onClick={() => goTo(step - 1)} disabled={start.isPending}>
                  <ArrowLeftIcon aria-hidden="true" />
                  Voltar
                </Button>
              )}
              {step < 3 ? (
                <Button
                  disabled={blocked !== null}
                  aria-describedby={blocked ? 'import-next-hint' : undefined}
                  onClick={() => {
                    if (step === 1) {
                      update({ dryRun: null, onlyValid: false });
                      runDryRun();
                    }
                    goTo(step + 1);
                  }}
                >
                  Próximo
                  <ArrowRightIcon aria-hidden="true" />
                </Button>
              ) : (
                <Button onClick={importNow} disabled={start.isPending} className={cn(start.isPending && 'cursor-wait')}>
                  {start.isPending ? (
                    <Loader2Icon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <UploadIcon aria-hidden="true" />
                  )}
                  Importar
                </Button>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function importHeading(status: string | undefined): string {
  return status === undefined || status === 'processing' ? 'Importando' : 'Resultado da importação';
}

/** Why "Próximo" waits on this step, or null when it may go on. */
function blockedReason(
  step: number,
  {
    state,
    uploading,
    mappingReady,
    dryRunning,
  }: { state: WizardState; uploading: boolean; mappingReady: boolean; dryRunning: boolean },
): string | null {
  if (step === 0) {
    if (uploading) return 'Aguarde a leitura do arquivo.';
    return state.upload ? null : 'Envie um arquivo CSV ou XLSX para continuar.';
  }
  if (step === 1) return mappingReady ? null : 'Mapeie os campos obrigatórios para continuar.';
  if (step === 2) {
    if (dryRunning || !state.dryRun)
      return dryRunning ? 'Aguarde a análise do arquivo.' : 'Refaça a análise para continuar.';
    if (mappingErrorsOf(state.dryRun).length > 0) return 'Corrija o mapeamento para continuar.';
    if (!canConfirm(state.dryRun)) return IMPORT_MESSAGES.nothingToImport;
    return null;
  }
  return null;
}
