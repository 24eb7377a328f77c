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
