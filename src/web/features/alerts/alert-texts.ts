import { CalendarClockIcon, TimerIcon, TrendingDownIcon } from 'lucide-react';
import { formatNumber } from '@domain/format';
import type { ListEmptyTexts } from '@/components/list-empty-state';
import type { AlertKind, AlertStatus } from './types';

/** "O alerta": read and unread agree with it. */
export const ALERT_TEXTS = {
  markRead: 'Marcar como lido',
  markUnread: 'Marcar como não lido',
  markAllRead: 'Marcar todos como lidos',
  unread: 'Não lido',
} as const;

export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = { open: 'Em aberto', resolved: 'Resolvidos' };

const OPEN_EMPTY: Record<AlertKind, ListEmptyTexts> = {
  lot_expiring: {
    icon: CalendarClockIcon,
    title: 'Nenhum alerta de expiração',
    noMatch: 'Nenhum lote a vencer corresponde aos filtros aplicados.',
    start: 'Nenhum lote com milhas vence dentro da janela de alerta da agência.',
  },
  sla_exceeded: {
    icon: TimerIcon,
    title: 'Nenhum alerta de SLA estourado',
    noMatch: 'Nenhuma emissão atrasada corresponde aos filtros aplicados.',
    start: 'Todas as emissões em andamento estão dentro da meta de SLA do programa.',
  },
  margin_critical: {
    icon: TrendingDownIcon,
    title: 'Nenhum alerta de margem crítica',
    noMatch: 'Nenhuma emissão com margem crítica corresponde aos filtros aplicados.',
    start: 'Nenhuma emissão ativa está abaixo da margem mínima do programa.',
  },
};

const RESOLVED_TITLES: Record<AlertKind, string> = {
  lot_expiring: 'Nenhum alerta de expiração resolvido',
  sla_exceeded: 'Nenhum alerta de SLA estourado resolvido',
  margin_critical: 'Nenhum alerta de margem crítica resolvido',
};

/** What a tab says when it has no rows, for open or resolved alerts. */
export function alertEmptyTexts(kind: AlertKind, status: AlertStatus): ListEmptyTexts {
  const open = OPEN_EMPTY[kind];
  if (status === 'open') return open;
  return {
    icon: open.icon,
    title: RESOLVED_TITLES[kind],
    noMatch: 'Nenhum alerta resolvido corresponde aos filtros aplicados.',
    start: 'Um alerta se resolve sozinho quando a causa deixa de existir, e passa a ser listado aqui.',
  };
}

/** The total badge: '1 alerta em aberto', '1.204 alertas resolvidos'. */
export function alertTotalText(count: number, status: AlertStatus): string {
  const noun = count === 1 ? 'alerta' : 'alertas';
  if (status === 'open') return `${formatNumber(count)} ${noun} em aberto`;
  return `${formatNumber(count)} ${noun} ${count === 1 ? 'resolvido' : 'resolvidos'}`;
}
