import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UserRole } from '../../domain/auth/roles';
import type { Invitation, InvitationStatus, TeamUser } from '../../domain/team/team.schema';
import type { Db } from '../db/client';
import { invitations, sessions, users } from '../db/schema';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  last_sign_in_at: users.last_sign_in_at,
  deactivated_at: users.deactivated_at,
  created_at: users.created_at,
};

type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

export const toTeamUser = (row: UserRow, meId: string): TeamUser => ({
  ...row,
  role: row.role as UserRole,
  status: row.deactivated_at === null ? 'active' : 'deactivated',
  me: row.id === meId,
});

/** The agency's users: active first, then by name. */
export async function getTeamUsers(db: Db, { agencyId }: { agencyId: string }) {
  return db
    .select(userColumns)
    .from(users)
    .where(eq(users.agency_id, agencyId))
    .orderBy(sql`${users.deactivated_at} IS NOT NULL`, asc(users.name), asc(users.id));
}

/** One user of the agency, locked for the change that follows. */
export async function lockTeamUser(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.agency_id, agencyId), eq(users.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * The agency's active admins, locked (in id order, so two changes lock them alike): a demotion or
 * deactivation that would leave none waits for any other such change and then sees its outcome
 * (docs/decisions/0026-team-and-roles.md).
 */
export async function lockActiveAdmins(db: Db, { agencyId }: { agencyId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agency_id, agencyId), eq(users.role, 'admin'), isNull(users.deactivated_at)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setUserRole(db: Db, { agencyId, id, role }: { agencyId: string; id: string; role: UserRole }) {
  const [row] = await db
    .update(users)
    .set({ role, updated_at: sql`now()` })
    .where(and(eq(users.agency_id, agencyId), eq(users.id, id)))
    .returning(userColumns);
  return row!;
}

export async function setUserDeactivated(
  db: Db,
  { agencyId, id, deactivated }: { agencyId: string; id: string; deactivated: boolean },
) {
  const [row] = await db
    .update(users)
    .set({ deactivated_at: deactivated ? sql`now()` : null, updated_at: sql`now()` })
    .where(and(eq(users.agency_id, agencyId), eq(users.id, id)))
    .returning(userColumns);
  return row!;
}

/** Ends every session of the user at once (a deactivated user's next request is a 401). */
export async function deleteUserSessions(db: Db, { agencyId, userId }: { agencyId: string; userId: string }) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.agency_id, agencyId), eq(sessions.user_id, userId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** A user of the agency with this e-mail (any state). */
export async function findMemberByEmail(db: Db, { agencyId, email }: { agencyId: string; email: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agency_id, agencyId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return row ?? null;
}

/** Whether the e-mail is any user's, in any agency (owner-run: users.email is unique across agencies). */
export async function isEmailRegistered(db: Db, email: string): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`SELECT app_email_registered(${email}) AS taken`);
  return Boolean((result as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken);
}

const statusSql = sql<InvitationStatus>`CASE WHEN ${invitations.accepted_at} IS NOT NULL THEN 'accepted'
  WHEN ${invitations.revoked_at} IS NOT NULL THEN 'revoked'
  WHEN ${invitations.expires_at} <= now() THEN 'expired' ELSE 'pending' END`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  status: statusSql,
  invited_by_name: users.name,
  created_at: invitations.created_at,
  expires_at: invitations.expires_at,
  accepted_at: invitations.accepted_at,
  revoked_at: invitations.revoked_at,
};

type InvitationRow = Omit<Invitation, 'role'> & { role: string };
const toInvitation = (row: InvitationRow): Invitation => ({ ...row, role: row.role as UserRole });

/** How many invitations the list shows, newest first (older ones stay in the database). */
export const INVITATIONS_LISTED = 200;

export async function getInvitations(db: Db, { agencyId }: { agencyId: string }): Promise<Invitation[]> {
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(eq(invitations.agency_id, agencyId))
    .orderBy(desc(invitations.created_at), desc(invitations.id))
    .limit(INVITATIONS_LISTED);
  return rows.map(toInvitation);
}

export async function getInvitation(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(and(eq(invitations.agency_id, agencyId), eq(invitations.id, id)))
    .limit(1);
  return row ? toInvitation(row) : null;
}

/** One invitation, locked for a resend or a revocation; its status as of now. */
export async function lockInvitation(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, status: statusSql })
    .from(invitations)
    .where(and(eq(invitations.agency_id, agencyId), eq(invitations.id, id)))
    .for('update');
  return row ?? null;
}

/** A pending invitation of the agency for this e-mail, other than `exceptId`. */
export async function findPendingInvitation(
  db: Db,
  { agencyId, email, exceptId }: { agencyId: string; email: string; exceptId?: string },
) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.agency_id, agencyId),
        sql`lower(${invitations.email}) = ${email}`,
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        sql`${invitations.expires_at} > now()`,
        exceptId ? sql`${invitations.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: Db,
  values: { agencyId: string; invitedBy: string; email: string; role: UserRole; tokenHash: string; ttlHours: number },
) {
  const [row] = await db
    .insert(invitations)
    .values({
      agency_id: values.agencyId,
      invited_by: values.invitedBy,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      expires_at: sql`now() + make_interval(hours => ${values.ttlHours})`,
    })
    .returning({ id: invitations.id });
  return row!.id;
}

/** A new link for the invitation (the old one stops working) and a new validity. */
export async function renewInvitation(
  db: Db,
  { agencyId, id, tokenHash, ttlHours }: { agencyId: string; id: string; tokenHash: string; ttlHours: number },
) {
  await db
    .update(invitations)
    .set({
      token_hash: tokenHash,
      expires_at: sql`now() + make_interval(hours => ${ttlHours})`,
    })
    .where(and(eq(invitations.agency_id, agencyId), eq(invitations.id, id)));
}

export async function markInvitationRevoked(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  await db
    .update(invitations)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(invitations.agency_id, agencyId), eq(invitations.id, id)));
}
