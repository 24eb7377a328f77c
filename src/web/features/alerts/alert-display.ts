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

/** The bell's accessible name: 'Notificações: 3 não lidas', 'Notificações: 1 não lida', 'Notificações: nenhuma não lida'. */
export function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notificações';
  if (unread === 0) return 'Notificações: nenhuma não lida';
  return `Notificações: ${formatNumber(unread)} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}
