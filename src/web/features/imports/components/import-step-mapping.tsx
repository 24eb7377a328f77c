import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { IMPORT_FIELDS, type ImportKind, type ImportMapping, type ImportUpload } from '@domain/imports/import.schema';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { mappingErrors, sampleOf, withColumn } from '../import-model';
import { ImportPresetsPanel } from './import-presets-panel';

export interface ImportStepMappingProps {
  kind: ImportKind;
  upload: ImportUpload;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
}

/** Step 2: one column of the file for each field of the kind, prefilled by the server's suggestion; presets. */
export function ImportStepMapping({ kind, upload, mapping, onMappingChange }: ImportStepMappingProps) {
  const { headers } = upload.file;
  const fields = IMPORT_FIELDS[kind];
  const errors = mappingErrors(kind, mapping, headers);
  const mapped = fields.filter((field) => mapping[field.key]).length;
  const pending = Object.keys(errors).length;

  return (
    <div className="grid grid-cols-1 gap-5">
      <ImportPresetsPanel kind={kind} headers={headers} mapping={mapping} onApply={onMappingChange} />

      {pending > 0 ? (
        <Alert variant="warning" role="status" data-testid="mapping-pending">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>
            {mapped} de {fields.length} campos mapeados. Resolva {pending === 1 ? 'o campo' : `os ${pending} campos`}{' '}
            marcado{pending === 1 ? '' : 's'} abaixo para continuar.
          </AlertDescription>
        </Alert>
      ) : (
        <Alert role="status" data-testid="mapping-complete">
          <CheckCircle2Icon aria-hidden="true" className="text-success!" />
          <AlertDescription>
            {mapped} de {fields.length} campos mapeados. Todos os campos obrigatórios têm uma coluna.
          </AlertDescription>
        </Alert>
      )}

      <div className="rounded-lg border">
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,15rem)_minmax(0,1fr)_minmax(0,14rem)] gap-4 border-b px-4 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid"
        >
          <span>Campo</span>
          <span>Coluna do arquivo</span>
          <span>Exemplo</span>
        </div>
        <ul aria-label="Mapeamento dos campos" className="divide-y">
          {fields.map((field) => {
            const id = `import-map-${field.key}`;
            const column = mapping[field.key] ?? '';
            const error = errors[field.key];
            const sample = sampleOf(upload.file, column || undefined);
            const describedBy = [error && `${id}-error`, field.hint && `${id}-hint`].filter(Boolean).join(' ');
            return (
              <li
                key={field.key}
                data-testid={`mapping-${field.key}`}
                className="grid grid-cols-1 gap-2 px-4 py-3 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_minmax(0,14rem)] md:items-start md:gap-4"
              >
                <div className="grid grid-cols-1 gap-1 md:pt-2">
                  <Label htmlFor={id} className={cn(error && 'text-destructive')}>
                    {field.label}
                    {field.required && <span className="-ml-1 text-destructive"> *</span>}
                  </Label>
                  {field.hint && (
                    <p id={`${id}-hint`} className="text-xs leading-snug text-muted-foreground">
                      {field.hint}
                    </p>
                  )}
                </div>
                <div className="grid grid-cols-1 gap-1.5">
                  <Select
                    id={id}
                    value={column}
                    aria-required={field.required}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy || undefined}
                    onChange={(event) => onMappingChange(withColumn(mapping, field.key, event.target.value))}
                  >
                    <option value="">Não importar</option>
                    {headers.map((header, i) =>
                      header ? (
                        <option key={i} value={header}>
                          {header}
                        </option>
                      ) : null,
                    )}
                  </Select>
                  {error && (
                    <p id={`${id}-error`} className="text-[0.8rem] leading-snug font-medium text-destructive">
                      {error}
                    </p>
                  )}
                </div>
                <p
                  className={cn('min-w-0 truncate text-sm text-muted-foreground md:pt-2', !sample && 'hidden md:block')}
                  title={sample ?? undefined}
                >
                  <span className="md:sr-only">Exemplo: </span>
                  {sample ?? '—'}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
