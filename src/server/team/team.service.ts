import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLE_LABELS, type UserRole } from '../../domain/auth/roles';
import {
  INVITATION_PATH,
  INVITATION_TTL_HOURS,
  TEAM_MESSAGES,
  type Invitation,
  type InvitationInput,
  type InvitationList,
  type InvitationSent,
  type TeamUser,
  type TeamUserList,
} from '../../domain/team/team.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { notifyOutbox } from '../events/events.queries';
import {
  alreadyInvited,
  alreadyMember,
  emailRegistered,
  invitationNotFound,
  invitationNotPending,
  lastAdmin,
  userNotFound,
} from './team.errors';
import {
  deleteUserSessions,
  findMemberByEmail,
  findPendingInvitation,
  getInvitation,
  getInvitations,
  getTeamUsers,
  insertInvitation,
  isEmailRegistered,
  lockActiveAdmins,
  lockInvitation,
  lockTeamUser,
  markInvitationRevoked,
  renewInvitation,
  setUserDeactivated,
  setUserRole,
  toTeamUser,
} from './team.queries';

/** The admin acting: their agency and user. */
export interface TeamActor {
  agencyId: string;
  userId: string;
}

/** Where the link of an invitation points, and whether it goes by e-mail (else the answer carries it). */
export interface InvitationDelivery {
  /** The app's address, as the admin's browser reached it. */
  appUrl: string;
  smtpConfigured: boolean;
}

/** An invitation's link token: 32 random bytes, base64url; only its SHA-256 is stored. */
export function newInvitationToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

export const invitationLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, '')}${INVITATION_PATH}/${token}`;

const userLabel = (u: { name: string; email: string | null; phone: string | null }) => u.name || u.email || u.phone;

export async function listTeamUsers(db: Db, actor: TeamActor): Promise<TeamUserList> {
  const rows = await getTeamUsers(db, actor);
  return { data: rows.map((r) => toTeamUser(r, actor.userId)) };
}

/**
 * A user's new role. Demoting an active admin first locks the agency's active admins, so the
 * agency never ends without one (the last admin demoting themselves gets LAST_ADMIN, nothing changed).
 */
export async function changeUserRole(db: Db, actor: TeamActor, id: string, role: UserRole): Promise<TeamUser> {
  const admins = await lockActiveAdmins(db, actor);
  const user = await lockTeamUser(db, { agencyId: actor.agencyId, id });
  if (!user) throw userNotFound();
  if (user.role === role) return toTeamUser(user, actor.userId);
  if (role !== 'admin' && admins.includes(user.id) && admins.length <= 1) throw lastAdmin();
  const saved = await setUserRole(db, { agencyId: actor.agencyId, id, role });
  const before = user.role as UserRole;
  await recordActivity(db, {
    ...actor,
    kind: 'user_role_changed',
    description: `Papel de ${userLabel(user)} alterado de ${ROLE_LABELS[before]} para ${ROLE_LABELS[role]}`,
    refType: 'user',
    refId: id,
    changes: { role: [before, role] },
  });
  return toTeamUser(saved, actor.userId);
}

/**
 * Deactivates a user: sets deactivated_at and deletes their sessions in this transaction, so they
 * are out at once; what they did stays theirs. The last active admin cannot be deactivated.
 */
export async function deactivateUser(db: Db, actor: TeamActor, id: string): Promise<TeamUser> {
  const admins = await lockActiveAdmins(db, actor);
  const user = await lockTeamUser(db, { agencyId: actor.agencyId, id });
  if (!user) throw userNotFound();
  if (user.deactivated_at !== null) return toTeamUser(user, actor.userId);
  if (admins.includes(user.id) && admins.length <= 1) throw lastAdmin();
  const saved = await setUserDeactivated(db, { agencyId: actor.agencyId, id, deactivated: true });
  const ended = await deleteUserSessions(db, { agencyId: actor.agencyId, userId: id });
  await recordActivity(db, {
    ...actor,
    kind: 'user_deactivated',
    description: `Usuário ${userLabel(user)} desativado${ended > 0 ? ` (${ended} sessão(ões) encerrada(s))` : ''}`,
    refType: 'user',
    refId: id,
    changes: { status: ['active', 'deactivated'] },
  });
  return toTeamUser(saved, actor.userId);
}

export async function reactivateUser(db: Db, actor: TeamActor, id: string): Promise<TeamUser> {
  const user = await lockTeamUser(db, { agencyId: actor.agencyId, id });
  if (!user) throw userNotFound();
  if (user.deactivated_at === null) return toTeamUser(user, actor.userId);
  const saved = await setUserDeactivated(db, { agencyId: actor.agencyId, id, deactivated: false });
  await recordActivity(db, {
    ...actor,
    kind: 'user_reactivated',
    description: `Usuário ${userLabel(user)} reativado`,
    refType: 'user',
    refId: id,
    changes: { status: ['deactivated', 'active'] },
  });
  return toTeamUser(saved, actor.userId);
}

export async function listInvitations(db: Db, actor: TeamActor, smtpConfigured: boolean): Promise<InvitationList> {
  return { data: await getInvitations(db, actor), smtp_configured: smtpConfigured };
}

/** Serialises invitations to one e-mail in one agency, so two clicks cannot make two pending ones. */
async function lockInvitationEmail(db: Db, agencyId: string, email: string) {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`milheiro.invitation.${agencyId}.${email}`}, 0))`,
  );
}

/** The e-mail may be invited: not a user here or elsewhere, and no other pending invitation for it. */
async function checkInvitable(db: Db, agencyId: string, email: string, exceptId?: string) {
  if (await findMemberByEmail(db, { agencyId, email })) throw alreadyMember();
  if (await isEmailRegistered(db, email)) throw emailRegistered();
  if (await findPendingInvitation(db, { agencyId, email, exceptId })) throw alreadyInvited();
}

/** The `invitation` e-mail, through the outbox: held there, never lost, without SMTP. */
async function queueInvitationEmail(
  db: Db,
  actor: TeamActor,
  invitation: { email: string; role: string; expires_at: string },
  token: string,
) {
  const [inviter] = (
    (await db.execute(sql`SELECT name FROM users WHERE id = ${actor.userId}`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const data = {
    token,
    role: invitation.role,
    inviter_name: inviter?.name ?? null,
    expires_at: invitation.expires_at,
  };
  await db.execute(sql`
    INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
    VALUES (${actor.agencyId}, ${actor.userId}, ${invitation.email}, 'invitation', ${JSON.stringify(data)}::jsonb)`);
  await notifyOutbox(db, 'email');
}

const sent = (invitation: Invitation, token: string, delivery: InvitationDelivery): InvitationSent => ({
  ...invitation,
  link: delivery.smtpConfigured ? null : invitationLink(delivery.appUrl, token),
});

/**
 * "Convidar": a single-use link valid 72 h to join the agency with `role`, e-mailed through the
 * outbox. Without SMTP the answer carries the link, for the admin to send it themselves.
 */
export async function createInvitation(
  db: Db,
  actor: TeamActor,
  input: InvitationInput,
  delivery: InvitationDelivery,
): Promise<InvitationSent> {
  await lockInvitationEmail(db, actor.agencyId, input.email);
  await checkInvitable(db, actor.agencyId, input.email);
  const { token, hash } = newInvitationToken();
  const id = await insertInvitation(db, {
    agencyId: actor.agencyId,
    invitedBy: actor.userId,
    email: input.email,
    role: input.role,
    tokenHash: hash,
    ttlHours: INVITATION_TTL_HOURS,
  });
  const invitation = (await getInvitation(db, { agencyId: actor.agencyId, id }))!;
  await queueInvitationEmail(db, actor, invitation, token);
  await recordActivity(db, {
    ...actor,
    kind: 'user_invited',
    description: `Convite enviado para ${input.email} (${ROLE_LABELS[input.role]})`,
    refType: 'invitation',
    refId: id,
  });
  return sent(invitation, token, delivery);
}

/** "Reenviar": a new link and 72 h more; the old link stops working. Pending or expired only. */
export async function resendInvitation(
  db: Db,
  actor: TeamActor,
  id: string,
  delivery: InvitationDelivery,
): Promise<InvitationSent> {
  const found = await lockInvitation(db, { agencyId: actor.agencyId, id });
  if (!found) throw invitationNotFound();
  if (found.status !== 'pending' && found.status !== 'expired') throw invitationNotPending();
  const email = found.email.toLowerCase();
  await lockInvitationEmail(db, actor.agencyId, email);
  await checkInvitable(db, actor.agencyId, email, id);
  const { token, hash } = newInvitationToken();
  await renewInvitation(db, { agencyId: actor.agencyId, id, tokenHash: hash, ttlHours: INVITATION_TTL_HOURS });
  const invitation = (await getInvitation(db, { agencyId: actor.agencyId, id }))!;
  await queueInvitationEmail(db, actor, invitation, token);
  await recordActivity(db, {
    ...actor,
    kind: 'invitation_resent',
    description: `Convite reenviado para ${invitation.email}`,
    refType: 'invitation',
    refId: id,
  });
  return sent(invitation, token, delivery);
}

/** "Revogar": the link stops working; the invitation stays in the list, revoked. Pending only. */
export async function revokeInvitation(db: Db, actor: TeamActor, id: string): Promise<Invitation> {
  const found = await lockInvitation(db, { agencyId: actor.agencyId, id });
  if (!found) throw invitationNotFound();
  if (found.status !== 'pending') throw invitationNotPending(TEAM_MESSAGES.invitationRevokeNotPending);
  await markInvitationRevoked(db, { agencyId: actor.agencyId, id });
  await recordActivity(db, {
    ...actor,
    kind: 'invitation_revoked',
    description: `Convite para ${found.email} revogado`,
    refType: 'invitation',
    refId: id,
  });
  return (await getInvitation(db, { agencyId: actor.agencyId, id }))!;
}
