import { randomInt } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFS } from '../../../domain/agency/agency.schema';
import type { UserRole } from '../../../domain/auth/roles';
import { hashPassword, TEST_PASSWORD_COST } from '../../auth/password';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { TEST_PASSWORD } from './agency.factory';

/** Another user of an agency (an operador unless `role` says otherwise), written straight to the database. */
export async function createTeamMember(
  db: Database,
  agencyId: string,
  overrides: { role?: UserRole } & Partial<typeof users.$inferInsert> = {},
) {
  const n = randomInt(1_000_000);
  const [user] = await db
    .insert(users)
    .values({
      agency_id: agencyId,
      name: `Colega ${n}`,
      email: `colega${n}@equipe${n}.com.br`,
      password_hash: await hashPassword(TEST_PASSWORD, TEST_PASSWORD_COST),
      notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
      role: 'operador',
      ...overrides,
    })
    .returning();
  return { user: user!, password: TEST_PASSWORD };
}
