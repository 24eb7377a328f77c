import { useState } from 'react';
import { FileSpreadsheetIcon, Loader2Icon, TriangleAlertIcon, UploadCloudIcon } from 'lucide-react';
import { IMPORT_MESSAGES, IMPORT_PREVIEW_ROWS, type ImportUpload } from '@domain/imports/import.schema';
import { formatDate, formatFileSize, formatNumber } from '@domain/format';
import { DetailItem } from '@/components/detail-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { delimiterLabel, IMPORT_FILE_ACCEPT } from '../import-model';

export interface ImportStepUploadProps {
  upload: ImportUpload | null;
  /** The file is on its way to the server. */
  uploading: boolean;
  /** Why the last file was refused (here or by the server). */
  error: string | null;
  onFile: (file: File) => void;
}

const INPUT_ID = 'import-file';

/** Step 1: the drop zone and file input, then what the server read of the file and its first rows. */
export function ImportStepUpload({ upload, uploading, error, onFile }: ImportStepUploadProps) {
  return (
    <div className="grid grid-cols-1 gap-5">
      <DropZone uploading={uploading} loaded={upload !== null} onFile={onFile} />
      {error && (
        <Alert variant="destructive" data-testid="import-file-error">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>Não foi possível usar este arquivo</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {upload && !uploading && <UploadedFile upload={upload} />}
    </div>
  );
}

function DropZone({
  uploading,
  loaded,
  onFile,
}: {
  uploading: boolean;
  loaded: boolean;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  return (
    <div
      data-testid="import-drop-zone"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!uploading) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!uploading) take(event.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 text-center transition-colors',
        loaded ? 'py-5' : 'py-10',
        dragging ? 'border-primary bg-primary/5' : 'border-border bg-muted/30',
      )}
    >
      {uploading ? (
        <>
          <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-primary" />
          <p role="status" className="text-sm font-medium">
            Enviando e lendo o arquivo...
          </p>
        </>
      ) : (
        <>
          {!loaded && (
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <UploadCloudIcon aria-hidden="true" className="size-6" />
            </span>
          )}
          <p className="text-sm text-muted-foreground">
            {loaded ? 'Quer usar outro arquivo? Arraste-o até aqui ou' : 'Arraste a planilha até aqui ou'}
          </p>
          {/* The input itself takes the focus (one tab stop); its label is the visible button. */}
          <input
            id={INPUT_ID}
            type="file"
            accept={IMPORT_FILE_ACCEPT}
            className="peer sr-only"
            onChange={(event) => {
              take(event.target.files);
              // The same file chosen again (after fixing it) must fire a change.
              event.target.value = '';
            }}
          />
          <label
            htmlFor={INPUT_ID}
            className={cn(
              buttonVariants({ variant: loaded ? 'outline' : 'default' }),
              'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/40',
            )}
          >
            <FileSpreadsheetIcon aria-hidden="true" />
            {loaded ? 'Trocar arquivo' : 'Escolher arquivo'}
            <span className="sr-only"> CSV ou XLSX</span>
          </label>
          <p className="text-xs text-muted-foreground">
            CSV (vírgula, ponto e vírgula, tabulação ou barra vertical) ou XLSX, até 10 MB. A primeira linha traz os
            nomes das colunas.
          </p>
        </>
      )}
    </div>
  );
}

function UploadedFile({ upload }: { upload: ImportUpload }) {
  const { file, previous_import: previous } = upload;
  return (
    <section aria-labelledby="import-file-title" className="grid grid-cols-1 gap-4" data-testid="import-file-info">
      {previous && (
        <Alert variant="warning" data-testid="import-previous">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{IMPORT_MESSAGES.previousImport(formatDate(previous.created_at))}</AlertTitle>
          <AlertDescription>
            Importá-lo de novo pode duplicar registros. Confira o histórico de importações antes de continuar.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-4 rounded-lg border p-4">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-success/15 text-success">
            <FileSpreadsheetIcon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h4 id="import-file-title" className="truncate text-sm font-semibold" title={file.name}>
              {file.name}
            </h4>
            <p className="text-xs text-muted-foreground">Arquivo carregado e lido pelo servidor</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
          <DetailItem compact label="Tamanho">
            <span className="tabular-nums">{formatFileSize(file.size)}</span>
          </DetailItem>
          <DetailItem compact label="Linhas">
            <span className="tabular-nums" data-testid="import-file-rows">
              {formatNumber(file.rows)}
            </span>
          </DetailItem>
          <DetailItem compact label="Colunas">
            <span className="tabular-nums">{formatNumber(file.headers.length)}</span>
          </DetailItem>
          <DetailItem compact label="Formato">
            {file.format.toUpperCase()}
          </DetailItem>
          <DetailItem compact label="Delimitador">
            <span data-testid="import-file-delimiter">{delimiterLabel(file)}</span>
          </DetailItem>
          <DetailItem compact label="Codificação">
            <span data-testid="import-file-encoding">{file.encoding ?? 'Não se aplica'}</span>
          </DetailItem>
        </dl>
      </div>
      <PreviewTable upload={upload} />
    </section>
  );
}

/** The first rows as the server read them; the table scrolls sideways when the columns do not fit. */
function PreviewTable({ upload }: { upload: ImportUpload }) {
  const { headers, preview } = upload.file;
  return (
    <div className="grid grid-cols-1 gap-2">
      <h4 className="text-sm font-semibold">
        Prévia{' '}
        <span className="font-normal text-muted-foreground">
          (primeiras {Math.min(IMPORT_PREVIEW_ROWS, preview.length)} linhas)
        </span>
      </h4>
      <div className="rounded-lg border">
        <Table aria-label="Prévia do arquivo" className="text-xs sm:text-sm">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-12 text-right">Linha</TableHead>
              {headers.map((header, i) => (
                <TableHead key={i} className="normal-case">
                  {header || <span className="italic">(sem nome)</span>}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.map((row, r) => (
              <TableRow key={r}>
                {/* The header is the spreadsheet's line 1: the rows start at 2, as the errors count them. */}
                <TableCell className="text-right text-muted-foreground tabular-nums">{r + 2}</TableCell>
                {headers.map((_, c) => (
                  <TableCell key={c} className="max-w-[16rem] truncate whitespace-nowrap" title={row[c] ?? ''}>
                    {row[c] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
