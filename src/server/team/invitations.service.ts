import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS } from '../../domain/agency/agency.schema';
import { ROLE_LABELS, type UserRole } from '../../domain/auth/roles';
import type { AcceptInvitation, InvitationPreview } from '../../domain/team/team.schema';
import { recordActivity } from '../activity/activity.queries';
import { hashPassword, PASSWORD_COST, type PasswordCost } from '../auth/password';
import { enterSession, hashToken, MAX_SESSIONS_PER_USER, newSessionToken } from '../auth/sessions';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { agencies, users } from '../db/schema';
import { invitationLinkError, phoneTaken, emailRegistered } from './team.errors';

/** A link's token: 32 random bytes in base64url (43 characters); anything else is unknown at once. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

type LinkStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/**
 * What the accept page shows: the agency, e-mail and role of a pending invitation, found by its
 * token's hash (owner-run app_invitation_preview: there is no session, so no agency yet). An
 * unknown link is a 404; an expired, revoked or accepted one a 410 saying which.
 */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  if (!TOKEN_RE.test(token)) throw invitationLinkError('unknown');
  const [row] = rowsOf<{ status: LinkStatus; agency_name: string; email: string; role: UserRole; expires_at: string }>(
    await db.execute(sql`SELECT * FROM app_invitation_preview(${hashToken(token)})`),
  );
  if (!row) throw invitationLinkError('unknown');
  if (row.status !== 'pending') throw invitationLinkError(row.status);
  return { agency_name: row.agency_name, email: row.email, role: row.role, expires_at: String(row.expires_at) };
}

interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Accepts an invitation: the user (the invited e-mail and role, the typed name, phone and
 * password), the invitation marked accepted and a session, all at once under the invitation's lock
 * (app_accept_invitation, owner-run); then, in the same transaction as the new session, the
 * activity line. A reused, expired or revoked link changes nothing.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: AcceptInvitation,
  client: ClientInfo,
  cost: PasswordCost = PASSWORD_COST,
) {
  if (!TOKEN_RE.test(token)) throw invitationLinkError('unknown');
  // Refused before the scrypt hash when the link opens nothing.
  await previewInvitation(db, token);
  const account = {
    name: input.name,
    phone: input.phone,
    password_hash: await hashPassword(input.password, cost),
    notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
  };
  const session = newSessionToken();
  return db.transaction(async (tx) => {
    const [accepted] = rowsOf<{ status: string; user_id: string | null; agency_id: string | null }>(
      await tx.execute(sql`SELECT * FROM app_accept_invitation(${hashToken(token)}, ${JSON.stringify(account)}::jsonb,
        ${session.hash}, ${session.expiresAt.toISOString()}::timestamptz, ${client.userAgent}, ${client.ip},
        ${MAX_SESSIONS_PER_USER})`),
    );
    const status = accepted?.status ?? 'unknown';
    if (status === 'email_taken') throw emailRegistered();
    if (status === 'phone_taken') throw phoneTaken();
    if (status !== 'ok') throw invitationLinkError(status as Exclude<LinkStatus, 'pending'> | 'unknown');
    const entered = await enterSession(tx, session.token, client.ip);
    if (!entered) throw invitationLinkError('unknown');
    const [row] = await tx
      .select({ user: users, agency: agencies })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agency_id))
      .where(eq(users.id, entered.userId))
      .limit(1);
    await recordActivity(tx, {
      agencyId: entered.agencyId,
      userId: entered.userId,
      kind: 'invitation_accepted',
      description: `${row!.user.name} entrou na equipe (${ROLE_LABELS[row!.user.role as UserRole]}) pelo convite de ${row!.user.email}`,
      refType: 'user',
      refId: entered.userId,
    });
    return { user: row!.user, agency: row!.agency, session: { token: session.token, expiresAt: session.expiresAt } };
  });
}
