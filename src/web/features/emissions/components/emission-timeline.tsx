import { CheckCircle2Icon, CircleDotIcon, InfoIcon, SendIcon, XCircleIcon, BanIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatHours, isSlaExceeded, slaHours } from '@domain/emissions/emission.rules';
import { formatDateTime } from '@domain/format';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import type { EmissionSla, EmissionTimelineEntry, EmissionTimelineKind } from '../types';

const KINDS: Record<EmissionTimelineKind, { label: string; icon: LucideIcon; tone: string }> = {
  created: { label: 'Criada', icon: CircleDotIcon, tone: 'text-muted-foreground' },
  submitted: { label: 'Submetida', icon: SendIcon, tone: 'text-primary' },
  issued: { label: 'Emitida', icon: CheckCircle2Icon, tone: 'text-success' },
  failed: { label: 'Falhou', icon: XCircleIcon, tone: 'text-destructive' },
  cancelled: { label: 'Cancelada', icon: BanIcon, tone: 'text-muted-foreground' },
};

/**
 * Hours as the SLA reads them. The statistic counts only positive times and arrives rounded to
 * 0,01 h, so with emissions counted a value under 0,05 h reads '< 0,1 h', not a misleading '0 h'.
 */
function slaHoursText(hours: number | null, count: number): string {
  return hours !== null && count > 0 && hours < 0.05 ? '< 0,1 h' : formatHours(hours);
}

/** 'SLA médio: 12,5 h · P95: 30 h': the agency's hours from submission to issue (spec part 2 §2, §9). */
export function slaText(sla: EmissionSla): string {
  return `SLA médio: ${slaHoursText(sla.average_hours, sla.count)} · P95: ${slaHoursText(sla.p95_hours, sla.count)}`;
}

function SlaTooltip({ sla, label }: { sla: EmissionSla; label: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
        >
          <InfoIcon aria-hidden="true" className="size-3.5" />
        </button>
      </TooltipTrigger>
      <TooltipContent>
        <p>{slaText(sla)}</p>
        <p className="opacity-80">
          Meta: {formatHours(sla.target_hours)} · {sla.count} {sla.count === 1 ? 'emissão' : 'emissões'}
        </p>
      </TooltipContent>
    </Tooltip>
  );
}

export interface EmissionTimelineProps {
  timeline: EmissionTimelineEntry[];
  sla: EmissionSla;
  submittedAt: string | null;
  issuedAt: string | null;
}

/** Criada, Submetida, Emitida / Falhou / Cancelada, oldest first, with the SLA in tooltips. */
export function EmissionTimeline({ timeline, sla, submittedAt, issuedAt }: EmissionTimelineProps) {
  const entries = [...timeline].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const hours = slaHours(submittedAt, issuedAt);
  return (
    <ol className="relative grid gap-4" aria-label="Linha do tempo" data-testid="emission-timeline">
      {entries.map((entry, i) => {
        const kind = KINDS[entry.kind] ?? KINDS.created;
        const Icon = kind.icon;
        const withSla = entry.kind === 'submitted' || entry.kind === 'issued';
        return (
          <li key={`${entry.kind}-${entry.at}-${i}`} className="relative flex gap-3">
            {i < entries.length - 1 && (
              <span aria-hidden="true" className="absolute top-6 bottom-[-1rem] left-[0.6875rem] w-px bg-border" />
            )}
            <span
              className={cn(
                'relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full bg-card',
                kind.tone,
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1 text-sm font-medium">
                {kind.label}
                {withSla && <SlaTooltip sla={sla} label={`SLA de emissão (${kind.label})`} />}
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">{formatDateTime(entry.at)}</p>
              {entry.kind === 'issued' && hours !== null && hours > 0 && (
                <p
                  className={cn(
                    'text-xs tabular-nums',
                    isSlaExceeded(hours, sla.target_hours) ? 'text-destructive' : 'text-muted-foreground',
                  )}
                >
                  Emitida {hours < 0.1 ? 'em menos de 0,1 h' : `em ${formatHours(hours)}`} após a submissão
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
