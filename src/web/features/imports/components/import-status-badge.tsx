import { CheckCircle2Icon, Loader2Icon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import { IMPORT_STATUS_LABELS, type ImportStatus } from '@domain/imports/import.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<ImportStatus, BadgeProps['variant']> = {
  processing: 'secondary',
  completed: 'success',
  failed: 'destructive',
  undone: 'outline',
};

/** Processando, Concluído, Erro, Desfeito (spec part 2 §4 "Import job status"). */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="import-status">
      {status === 'processing' ? (
        <Loader2Icon aria-hidden="true" className="animate-spin" />
      ) : status === 'completed' ? (
        <CheckCircle2Icon aria-hidden="true" />
      ) : status === 'failed' ? (
        <XCircleIcon aria-hidden="true" />
      ) : (
        <RotateCcwIcon aria-hidden="true" />
      )}
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
