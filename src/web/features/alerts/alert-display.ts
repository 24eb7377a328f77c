import { formatNumber } from '@domain/format';

/** The days-to-expiry badge's text: 'Vence em 5 dias', 'Vence amanhã', 'Vence hoje', 'Vencido há 3 dias'. */
export function expiryBadgeText(days: number): string {
  if (days > 1) return `Vence em ${formatNumber(days)} dias`;
  if (days === 1) return 'Vence amanhã';
  if (days === 0) return 'Vence hoje';
  return days === -1 ? 'Vencido há 1 dia' : `Vencido há ${formatNumber(-days)} dias`;
}

/** The bell's badge: up to 99, then '99+'. */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The bell's accessible name: 'Alertas: 3 não lidos', 'Alertas: 1 não lido', 'Alertas: nenhum não lido'. */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Alertas';
  if (unread === 0) return 'Alertas: nenhum não lido';
  return `Alertas: ${formatNumber(unread)} ${unread === 1 ? 'não lido' : 'não lidos'}`;
}
