// What happens in an agency, as the real-time stream, the webhooks and the notifications name it
// (issue #16, DESIGN.md §1 "real-time updates" and "webhooks").

/** Every event type a write records. The web invalidates its lists by the part before the dot. */
export const EVENT_TYPES = [
  'client.created',
  'client.updated',
  'client.deleted',
  'lot.created',
  'lot.updated',
  'lot.deleted',
  'lot.expiring',
  'emission.created',
  'emission.updated',
  'emission.issued',
  'emission.failed',
  'emission.cancelled',
  'emission.deleted',
  'quote.created',
  'quote.updated',
  'posting.created',
  'posting.updated',
  'posting.deleted',
  'rule.changed',
  'settings.changed',
  'alert.created',
  'alert.resolved',
  'alert.read',
  'notification.created',
  'import.completed',
  'import.undone',
  // Where miles come from and go (issue #23).
  'transfer.created',
  'credit.received',
  'credit.cancelled',
  'club.created',
  'club.ended',
  'card.created',
  'card.updated',
  'sale.created',
  'sale.updated',
  'sale.cancelled',
  'supplier.created',
  'supplier.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What an integrator can subscribe a webhook endpoint to, with its label in /config → Webhooks. */
export const WEBHOOK_EVENT_LABELS = {
  'emission.created': 'Emissão criada',
  'emission.issued': 'Emissão emitida',
  'emission.cancelled': 'Emissão cancelada',
  'emission.failed': 'Emissão com falha',
  'lot.created': 'Lote criado',
  'lot.expiring': 'Lote próximo do vencimento',
  'client.created': 'Cliente criado',
  'posting.created': 'Lançamento criado',
  'alert.created': 'Alerta criado',
  'import.completed': 'Importação concluída',
} as const satisfies Partial<Record<EventType, string>>;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEventType[];

/** One event as the stream carries it (`id:` is its seq, for `Last-Event-ID`). */
export interface StreamEvent {
  seq: number;
  type: EventType;
  entity_id: string | null;
  data: Record<string, unknown>;
  created_at: string;
}

/** Events are kept this long for replay; the housekeeping job prunes older ones. */
export const EVENT_RETENTION_DAYS = 7;
/** How many notifications the bell keeps per user (spec part 1 §3/§9). */
export const NOTIFICATIONS_PER_USER = 50;
