import type { Db } from '../db/client';
import { activity } from '../db/schema';

export interface ActivityInput {
  agencyId: string;
  userId: string | null;
  /** e.g. client_created, client_updated, client_deleted, clients_deleted */
  kind: string;
  /** Portuguese, as shown in the dashboard's "Atividades Recentes". */
  description: string;
  refType?: string | null;
  refId?: string | null;
}

/** Who did what: one row of the agency's activity feed, written in the caller's transaction. */
export async function recordActivity(db: Db, input: ActivityInput): Promise<void> {
  await db.insert(activity).values({
    agency_id: input.agencyId,
    user_id: input.userId,
    kind: input.kind,
    description: input.description,
    ref_type: input.refType ?? null,
    ref_id: input.refId ?? null,
  });
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
): Promise<void> {
  return recordActivity(db, {
    ...actor,
    kind: `${record.type}_${change}`,
    description: `${record.label} ${CHANGED[change]}`,
    refType: record.type,
    refId: record.id,
  });
}
