import { useState } from 'react';
import { BookmarkIcon, Loader2Icon, SaveIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import {
  IMPORT_KIND_LABELS,
  IMPORT_PRESET_NAME_MAX,
  importPresetInputSchema,
  type ImportKind,
  type ImportMapping,
  type ImportPreset,
} from '@domain/imports/import.schema';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, closingCallbacks } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';
import { useCreateImportPreset } from '../api/create-import-preset';
import { useDeleteImportPreset } from '../api/delete-import-preset';
import { useImportPresets } from '../api/get-import-presets';
import { applyPreset, sameMapping } from '../import-model';

export interface ImportPresetsPanelProps {
  kind: ImportKind;
  /** The file's columns: a preset keeps only the fields whose column the file has. */
  headers: readonly string[];
  mapping: ImportMapping;
  onApply: (mapping: ImportMapping) => void;
}

const NO_PRESETS: ImportPreset[] = [];

/** Spec part 2 §2: "A mapping can be saved as a named preset" — choose and apply, save the current one, delete. */
export function ImportPresetsPanel({ kind, headers, mapping, onApply }: ImportPresetsPanelProps) {
  const presets = useImportPresets(kind);
  const list = presets.data?.data ?? NO_PRESETS;
  const [chosenId, setChosenId] = useState('');
  const chosen = list.find((preset) => preset.id === chosenId) ?? null;
  const [missing, setMissing] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<ImportPreset | null>(null);

  const apply = () => {
    if (!chosen) return;
    const result = applyPreset(kind, chosen.mapping, headers);
    onApply(result.mapping);
    setMissing(result.missingColumns);
    toast.success('Preset aplicado', { description: `Mapeamento "${chosen.name}" aplicado aos campos.` });
  };

  const applied = chosen !== null && sameMapping(applyPreset(kind, chosen.mapping, headers).mapping, mapping);

  return (
    <section
      aria-labelledby="import-presets-title"
      className="grid grid-cols-1 gap-4 rounded-lg border bg-muted/30 p-4"
      data-testid="import-presets"
    >
      <div className="flex items-center gap-2">
        <BookmarkIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        <h4 id="import-presets-title" className="text-sm font-semibold">
          Presets de mapeamento
        </h4>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="grid grid-cols-1 content-start gap-2">
          <Label htmlFor="import-preset">Preset salvo</Label>
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <Select
              id="import-preset"
              className="min-w-0 basis-full sm:basis-auto sm:flex-1"
              value={chosen ? chosenId : ''}
              disabled={!presets.isSuccess || list.length === 0}
              aria-describedby="import-preset-hint"
              onChange={(event) => {
                setChosenId(event.target.value);
                setMissing([]);
              }}
            >
              <option value="">
                {presets.isPending
                  ? 'Carregando presets...'
                  : presets.isError
                    ? 'Presets indisponíveis'
                    : list.length === 0
                      ? 'Nenhum preset salvo'
                      : 'Escolha um preset'}
              </option>
              {list.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </Select>
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              disabled={!chosen || applied}
              onClick={apply}
            >
              {applied ? 'Aplicado' : 'Aplicar'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={!chosen}
              aria-label={chosen ? `Excluir o preset ${chosen.name}` : 'Excluir preset'}
              title="Excluir preset"
              onClick={() => setDeleting(chosen)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
          <p id="import-preset-hint" className="text-xs leading-snug text-muted-foreground">
            {presets.isError ? (
              <>
                {presets.error.message}{' '}
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => void presets.refetch()}
                >
                  Tentar Novamente
                </button>
              </>
            ) : (
              `Mapeamentos salvos para ${IMPORT_KIND_LABELS[kind]}: aplique um para preencher os campos abaixo.`
            )}
          </p>
        </div>
        <SavePresetForm kind={kind} mapping={mapping} onSaved={(preset) => setChosenId(preset.id)} />
      </div>
      {missing.length > 0 && (
        <Alert variant="warning" data-testid="preset-missing-columns">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>
            O arquivo não tem {missing.length === 1 ? 'a coluna' : 'as colunas'}{' '}
            {missing.map((column) => `"${column}"`).join(', ')} do preset:{' '}
            {missing.length === 1 ? 'o campo' : 'os campos'} ficou sem mapeamento.
          </AlertDescription>
        </Alert>
      )}
      <DeletePresetDialog
        preset={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(preset) => {
          if (preset.id === chosenId) setChosenId('');
        }}
      />
    </section>
  );
}

/** "Salvar preset": the current mapping under a name (non-empty, spec part 2 §5; unique per kind). */
function SavePresetForm({
  kind,
  mapping,
  onSaved,
}: {
  kind: ImportKind;
  mapping: ImportMapping;
  onSaved: (preset: ImportPreset) => void;
}) {
  const create = useCreateImportPreset();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const parsed = importPresetInputSchema.safeParse({ kind, name, mapping });
    if (!parsed.success) {
      setError(
        parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message ?? parsed.error.issues[0]!.message,
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (preset) => {
        setName('');
        setError(null);
        onSaved(preset);
        toast.success('Preset salvo', {
          description: `"${preset.name}" fica disponível nas próximas importações de ${IMPORT_KIND_LABELS[kind]}.`,
        });
      },
      onError: (failure) => {
        if (isApiError(failure) && (failure.status === 409 || failure.fields?.name)) {
          setError(failure.fields?.name ?? failure.message);
        } else toastError('Erro ao salvar preset', failure, 'Não foi possível salvar o mapeamento');
      },
    });
  };

  return (
    <form
      noValidate
      aria-label="Salvar preset"
      className="grid grid-cols-1 content-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Label htmlFor="import-preset-name" className={error ? 'text-destructive' : undefined}>
        Salvar o mapeamento atual como
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="import-preset-name"
          value={name}
          maxLength={IMPORT_PRESET_NAME_MAX}
          placeholder="Ex.: Planilha do CRM"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'import-preset-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" variant="outline" disabled={create.isPending}>
          {create.isPending ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <SaveIcon aria-hidden="true" />
          )}
          Salvar preset
        </Button>
      </div>
      {error && (
        <p
          id="import-preset-name-error"
          role="alert"
          className="text-[0.8rem] leading-snug font-medium text-destructive"
        >
          {error}
        </p>
      )}
    </form>
  );
}

function DeletePresetDialog({
  preset,
  onClose,
  onDeleted,
}: {
  preset: ImportPreset | null;
  onClose: () => void;
  onDeleted: (preset: ImportPreset) => void;
}) {
  const remove = useDeleteImportPreset();
  return (
    <ConfirmDialog
      open={preset !== null}
      onOpenChange={(open) => !open && onClose()}
      busy={remove.isPending}
      title="Excluir preset?"
      description={
        <>
          O preset <span className="font-semibold text-foreground">{preset?.name}</span> será excluído. O mapeamento
          atual dos campos não muda.
        </>
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      onConfirm={() =>
        preset &&
        remove.mutate(
          preset,
          closingCallbacks<void>(
            (open) => !open && onClose(),
            'Erro ao excluir preset',
            () => {
              onDeleted(preset);
              toast.success('Preset excluído', { description: `O preset "${preset.name}" foi excluído.` });
            },
          ),
        )
      }
    />
  );
}
