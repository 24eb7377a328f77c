import { ArrowRightIcon } from 'lucide-react';
import { formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { ProgramLabel } from '@/components/program-label';
import { ratioPhrase } from '../ratio';
import { milesText, previewText, type TransferPreview } from '../transfer-form';
import type { AccountOption } from '../types';

export interface TransferPreviewPanelProps {
  preview: TransferPreview;
  source: AccountOption | undefined;
  destination: AccountOption | undefined;
  /** The ratio the preview used: the one typed, or the agency's for the pair. */
  ratio: string | null;
}

/** 'Resumo da transferência': what the points become, live from what is typed (transferQuantities). */
export function TransferPreviewPanel({ preview, source, destination, ratio }: TransferPreviewPanelProps) {
  return (
    <section
      aria-label="Resumo da transferência"
      className="grid gap-2 rounded-lg border bg-muted/40 p-4"
      data-testid="transfer-preview"
    >
      {source && destination && (
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-muted-foreground">
          <ProgramLabel program={source.program} />
          <ArrowRightIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">para</span>
          <ProgramLabel program={destination.program} />
        </p>
      )}
      {/* Announced as it changes, so a screen reader hears what the typed points become. */}
      <div aria-live="polite" className="space-y-1">
        {preview.kind === 'miles' ? (
          <>
            <p className="text-base font-semibold tabular-nums" data-testid="transfer-preview-text">
              {previewText(preview)}
            </p>
            <p className="text-xs text-muted-foreground tabular-nums">
              {[
                destination &&
                  `Total: ${milesText(preview.base_miles + preview.bonus_miles)} em ${programName(destination.program)}`,
                preview.bonus_percent > 0 && `bônus de ${formatNumber(preview.bonus_percent)}%`,
                ratio && ratioPhrase(ratio),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </>
        ) : preview.kind === 'no-miles' ? (
          <p className="text-sm font-medium text-destructive">{preview.message}</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Escolha as contas e informe os pontos para ver quantas milhas serão creditadas.
          </p>
        )}
      </div>
    </section>
  );
}
