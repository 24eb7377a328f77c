import { useState } from 'react';
import { Loader2Icon, XCircleIcon } from 'lucide-react';
import type { ImportJob } from '@domain/imports/import.schema';
import { formatNumber } from '@domain/format';
import { Alert, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/lib/toast';
import { useUndoImport } from '../api/undo-import';
import { IMPORT_RECORD_NOUNS, undoRefusalOf } from '../import-model';

export interface UndoImportDialogProps {
  /** The import to undo; null when closed. */
  job: ImportJob | null;
  onClose: () => void;
}

/**
 * 'Desfazer' asks first (spec part 2 §4: only a completed import, once). When the server refuses
 * (409 UNDO_REFUSED: records of the import are in use) the dialog stays open with its reasons.
 */
export function UndoImportDialog({ job, onClose }: UndoImportDialogProps) {
  const undo = useUndoImport();
  const [refusal, setRefusal] = useState<{ id: string; message: string; reasons: string[] } | null>(null);
  const shownRefusal = job && refusal?.id === job.id ? refusal : null;
  const busy = undo.isPending;
  const noun = job ? IMPORT_RECORD_NOUNS[job.kind] : null;

  const confirm = () => {
    if (!job) return;
    undo.mutate(job.id, {
      onSuccess: () => {
        onClose();
        toast.success('Importação desfeita', { description: 'Os registros foram marcados como excluídos' });
      },
      onError: (error) => {
        const refused = undoRefusalOf(error);
        if (refused) setRefusal({ id: job.id, ...refused });
        else {
          onClose();
          toastError('Erro ao desfazer', error);
        }
      },
    });
  };

  return (
    <AlertDialog open={job !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent className="sm:max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>Desfazer importação?</AlertDialogTitle>
          <AlertDialogDescription>
            {job && noun && (
              <>
                {job.ok_rows === 1
                  ? `O ${noun.one} importado`
                  : `Os ${formatNumber(job.ok_rows)} ${noun.many} importados`}{' '}
                de <span className="font-semibold break-words text-foreground">{job.file_name}</span>{' '}
                {job.ok_rows === 1 ? 'será marcado' : 'serão marcados'} como{' '}
                {job.ok_rows === 1 ? 'excluído' : 'excluídos'} e {job.ok_rows === 1 ? 'deixará' : 'deixarão'} de
                aparecer nas listas.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {shownRefusal && (
          <Alert variant="destructive" data-testid="undo-refusal">
            <XCircleIcon aria-hidden="true" />
            <AlertTitle>{shownRefusal.message}</AlertTitle>
            {shownRefusal.reasons.length > 0 && (
              <div className="col-start-2 text-sm opacity-90">
                <ul className="mt-1 list-disc space-y-0.5 pl-4">
                  {shownRefusal.reasons.map((reason, i) => (
                    <li key={i}>{reason}</li>
                  ))}
                </ul>
              </div>
            )}
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{shownRefusal ? 'Fechar' : 'Cancelar'}</AlertDialogCancel>
          {!shownRefusal && (
            <Button variant="destructive" onClick={confirm} disabled={busy}>
              {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
              Desfazer
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
