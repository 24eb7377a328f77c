import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { program_rules } from '../db/schema';

/** The agency's rule for one program (SLA target, CPM cap), or null when it has set none. */
export async function getProgramRule(db: Db, { agencyId, program }: { agencyId: string; program: string }) {
  const [row] = await db
    .select({ sla_target_hours: program_rules.sla_target_hours, cpm_cap: program_rules.cpm_cap })
    .from(program_rules)
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.program, program)));
  return row ?? null;
}
