import type { AuditChanges } from '../../domain/audit/audit.schema';
import type { EventType } from '../../domain/events/event.schema';
import type { Db } from '../db/client';
import { activity } from '../db/schema';
import { recordEvent } from '../events/events.queries';

export interface ActivityInput {
  agencyId: string;
  userId: string | null;
  /** e.g. client_created, client_updated, client_deleted, clients_deleted */
  kind: string;
  /** Portuguese, as shown in the dashboard's "Atividades Recentes". */
  description: string;
  refType?: string | null;
  refId?: string | null;
  /**
   * The audit log's before/after of the fields that changed (diffFields in
   * src/domain/audit/audit.rules.ts); null or absent for a creation, a deletion or a bulk line.
   */
  changes?: AuditChanges | null;
}

/**
 * The event each kind of activity is (the real-time stream, the webhooks); kinds not here record
 * none. The emission's creation records its own, with the emission's figures.
 */
const ACTIVITY_EVENTS: Record<string, EventType> = {
  client_created: 'client.created',
  client_updated: 'client.updated',
  client_deleted: 'client.deleted',
  clients_deleted: 'client.deleted',
  lot_created: 'lot.created',
  lot_updated: 'lot.updated',
  lot_deleted: 'lot.deleted',
  lots_deleted: 'lot.deleted',
  lots_expired: 'lot.updated',
  entry_created: 'posting.created',
  entry_updated: 'posting.updated',
  entry_deleted: 'posting.deleted',
  entries_posted: 'posting.created',
  emission_issue: 'emission.issued',
  emission_fail: 'emission.failed',
  emission_cancel: 'emission.cancelled',
  emission_submit: 'emission.updated',
  emission_retry: 'emission.updated',
  rule_created: 'rule.changed',
  rule_updated: 'rule.changed',
  rule_deleted: 'rule.changed',
  import_completed: 'import.completed',
  import_undone: 'import.undone',
  quote_sent: 'quote.updated',
  quote_accepted: 'quote.updated',
  quote_declined: 'quote.updated',
  lgpd_anonymize: 'client.updated',
  settings_conversion: 'settings.changed',
  transfer_created: 'transfer.created',
  credit_received: 'credit.received',
  credits_credited: 'credit.received',
  credit_cancelled: 'credit.cancelled',
  club_created: 'club.created',
  club_ended: 'club.ended',
  card_created: 'card.created',
  card_instalment_paid: 'card.updated',
  card_instalment_reopened: 'card.updated',
  sale_created: 'sale.created',
  sale_instalment_received: 'sale.updated',
  sale_instalment_reopened: 'sale.updated',
  sale_cancelled: 'sale.cancelled',
  supplier_created: 'supplier.created',
  supplier_updated: 'supplier.updated',
};

/**
 * Who did what: one row of the agency's activity feed — the audit log (decision 0026) — written in
 * the caller's transaction, and the event it is (for the open tabs and the webhooks), committed
 * with it. The row's `ip` is the column's default: the request's address (app.client_ip). A bulk
 * statement writes one line, never one per row.
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<void> {
  await db.insert(activity).values({
    agency_id: input.agencyId,
    user_id: input.userId,
    kind: input.kind,
    description: input.description,
    ref_type: input.refType ?? null,
    ref_id: input.refId ?? null,
    changes: input.changes ?? null,
  });
  const type = ACTIVITY_EVENTS[input.kind];
  if (type) {
    await recordEvent(db, input.agencyId, {
      type,
      entityId: input.refId ?? null,
      actorId: input.userId,
      data: { description: input.description },
    });
  }
}

/** How a record's activity line says what happened to it. */
const CHANGED = { created: 'cadastrado', updated: 'atualizado', deleted: 'excluído' } as const;

/**
 * The activity line of a change to one record: kind `<type>_<change>` (client_created, lot_deleted…),
 * text "<label> cadastrado" (atualizado, excluído), e.g. "Cliente José da Silva cadastrado".
 */
export function recordChange(
  db: Db,
  actor: { agencyId: string; userId: string | null },
  change: keyof typeof CHANGED,
  record: { type: 'client' | 'lot'; id: string; label: string },
  changes?: AuditChanges | null,
): Promise<void> {
  return recordActivity(db, {
    ...actor,
    kind: `${record.type}_${change}`,
    description: `${record.label} ${CHANGED[change]}`,
    refType: record.type,
    refId: record.id,
    changes,
  });
}
