import { CopyIcon, DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/download';
import { toast } from '@/lib/toast';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
}

const FILE_NAME = 'milheiro-codigos-de-recuperacao.txt';

const asText = (codes: readonly string[]) =>
  [
    'Milheiro — códigos de recuperação da verificação em duas etapas',
    'Cada código pode ser usado uma única vez para entrar sem o aplicativo autenticador.',
    '',
    ...codes,
    '',
  ].join('\n');

/** The ten recovery codes, shown once: copy them or save them as a .txt file. */
export function RecoveryCodesPanel({ codes }: RecoveryCodesPanelProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Códigos copiados', { description: 'Guarde-os em um lugar seguro.' });
    } catch {
      toast.error('Não foi possível copiar', { description: 'Selecione os códigos e copie manualmente.' });
    }
  };
  const download = () =>
    saveFile({ blob: new Blob([asText(codes)], { type: 'text/plain;charset=utf-8' }), filename: FILE_NAME }, FILE_NAME);

  return (
    <div className="space-y-4">
      <div
        role="note"
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5 text-sm text-foreground"
      >
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>
          Guarde estes códigos agora: eles <strong>não serão mostrados de novo</strong>. Cada um permite entrar uma vez
          se você perder o acesso ao aplicativo autenticador.
        </p>
      </div>
      <ul
        aria-label="Códigos de recuperação"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tabular-nums">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copiar
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Baixar .txt
        </Button>
      </div>
    </div>
  );
}
