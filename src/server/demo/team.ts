import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS } from '../../domain/agency/agency.schema';
import type { UserRole } from '../../domain/auth/roles';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { invitations, users } from '../db/schema';

/** The demo agency's colleagues (issue #20): who joined when, as what, and when they last signed in. */
const COLLEAGUES: {
  name: string;
  email: string;
  phone: string;
  role: UserRole;
  joinedDaysAgo: number;
  lastSeen: string;
}[] = [
  {
    name: 'Carla Menezes',
    email: 'carla.menezes@potiguarmilhas.com.br',
    phone: '84991234567',
    role: 'admin',
    joinedDaysAgo: 360,
    lastSeen: '3 hours',
  },
  {
    name: 'Rafael Albuquerque',
    email: 'rafael.albuquerque@potiguarmilhas.com.br',
    phone: '84992345678',
    role: 'operador',
    joinedDaysAgo: 240,
    lastSeen: '1 day 2 hours',
  },
  {
    name: 'Juliana Tavares',
    email: 'juliana.tavares@potiguarmilhas.com.br',
    phone: '84993456789',
    role: 'operador',
    joinedDaysAgo: 95,
    lastSeen: '6 days 5 hours',
  },
];

/** A stored token hash whose link nobody holds (the demo's invitations are for show). */
const unusedTokenHash = () => createHash('sha256').update(randomBytes(32)).digest('hex');

/**
 * /config → Equipe of the demo: the demo user (its first admin, signing in now and then over the
 * year), three colleagues — one more admin and two operadores, the operadores arrived by invitation
 * — an invitation that expired unanswered, and one pending since yesterday.
 */
export async function seedDemoTeam(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  await db.execute(sql`UPDATE users SET created_at = now() - interval '365 days', last_sign_in_at = now() - interval '25 minutes'
    WHERE id = ${userId}`);
  for (const c of COLLEAGUES) {
    const [user] = await db
      .insert(users)
      .values({
        agency_id: agencyId,
        name: c.name,
        email: c.email,
        phone: c.phone,
        role: c.role,
        // Nobody signs in as them: a password no one knows.
        password_hash: await hashPassword(randomBytes(18).toString('base64url')),
        notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
        created_at: sql`now() - make_interval(days => ${c.joinedDaysAgo})`,
        last_sign_in_at: sql`now() - ${c.lastSeen}::interval`,
      })
      .returning({ id: users.id });
    if (c.role === 'operador') {
      await db.insert(invitations).values({
        agency_id: agencyId,
        email: c.email,
        role: c.role,
        token_hash: unusedTokenHash(),
        invited_by: userId,
        created_at: sql`now() - make_interval(days => ${c.joinedDaysAgo + 1})`,
        expires_at: sql`now() - make_interval(days => ${c.joinedDaysAgo - 2})`,
        accepted_at: sql`now() - make_interval(days => ${c.joinedDaysAgo})`,
        accepted_user_id: user!.id,
      });
    }
  }
  await db.insert(invitations).values([
    {
      agency_id: agencyId,
      email: 'marcos.farias@gmail.com',
      role: 'operador',
      token_hash: unusedTokenHash(),
      invited_by: userId,
      created_at: sql`now() - interval '40 days'`,
      expires_at: sql`now() - interval '37 days'`,
    },
    {
      agency_id: agencyId,
      email: 'fernanda.lopes@potiguarmilhas.com.br',
      role: 'operador',
      token_hash: unusedTokenHash(),
      invited_by: userId,
      created_at: sql`now() - interval '1 day'`,
      expires_at: sql`now() + interval '2 days'`,
    },
  ]);
}
