import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activity } from '../db/schema';

type ActivityMatch = Partial<Record<'agency_id' | 'ref_id' | 'kind', string>>;

/** The activity log's rows that match every column given, e.g. `{ ref_id, kind: 'client_deleted' }`. */
export function activityRows(db: Db, match: ActivityMatch) {
  const conditions = Object.entries(match).map(([column, value]) => eq(activity[column as keyof ActivityMatch], value));
  return db
    .select()
    .from(activity)
    .where(and(...conditions));
}
