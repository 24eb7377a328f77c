import { Hono, type Context } from 'hono';
import {
  invitationInputSchema,
  invitationListSchema,
  invitationSchema,
  invitationSentSchema,
  roleChangeSchema,
  teamUserListSchema,
  teamUserSchema,
} from '../../domain/team/team.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { readJson, uuidParam } from '../http/validate';
import { invitationNotFound, userNotFound } from './team.errors';
import {
  changeUserRole,
  createInvitation,
  deactivateUser,
  listInvitations,
  listTeamUsers,
  reactivateUser,
  resendInvitation,
  revokeInvitation,
  type InvitationDelivery,
  type TeamActor,
} from './team.service';

const LAST_ADMIN =
  'Refused with 409 LAST_ADMIN when it would leave the agency without an active admin; the agency’s active admins are locked first.';
const LINK =
  'The link (`/convite/<token>`, single use, valid 72 h) is e-mailed through the outbox; `link` carries it only when no SMTP is configured, for the admin to send it.';

const docs = {
  users: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'listTeamUsers',
    summary: "The agency's users: name, e-mail, phone, role, last sign-in and status",
    response: json('Every user, active first', teamUserListSchema),
  }),
  role: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'changeUserRole',
    summary: "Change a user's role (admin or operador)",
    description: LAST_ADMIN,
    params: uuidIdParams,
    body: roleChangeSchema,
    response: json('The user', teamUserSchema),
    errors: [409],
  }),
  deactivate: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'deactivateUser',
    summary: 'Deactivate a user: their sessions end at once, sign-in refuses them, their history stays',
    description: LAST_ADMIN,
    params: uuidIdParams,
    response: json('The user, deactivated', teamUserSchema),
    errors: [409],
  }),
  reactivate: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'reactivateUser',
    summary: 'Reactivate a deactivated user (they sign in again with their password)',
    params: uuidIdParams,
    response: json('The user, active', teamUserSchema),
  }),
  invitations: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'listInvitations',
    summary: "The agency's invitations, newest first: pending, accepted, expired or revoked",
    response: json('The invitations, and whether SMTP is configured', invitationListSchema),
  }),
  invite: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'createInvitation',
    summary: 'Invite someone by e-mail with a role',
    description: `${LINK} Refused (409) when the e-mail is already a user's or has a pending invitation.`,
    body: invitationInputSchema,
    response: json('The invitation', invitationSentSchema, 201),
    errors: [409],
  }),
  resend: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'resendInvitation',
    summary: 'Send a pending or expired invitation again: a new link valid 72 h; the old one stops working',
    description: LINK,
    params: uuidIdParams,
    response: json('The invitation', invitationSentSchema),
    errors: [409],
  }),
  revoke: apiDoc({
    tag: 'team',
    access: 'admin',
    operationId: 'revokeInvitation',
    summary: 'Revoke a pending invitation: its link stops working',
    params: uuidIdParams,
    response: json('The invitation, revoked', invitationSchema),
    errors: [409],
  }),
};

const actorOf = (c: Context<AppEnv>): TeamActor => ({ agencyId: c.var.session.agencyId, userId: c.var.session.userId });
const userId = (c: Context) => uuidParam(c, 'id', userNotFound);
const invitationId = (c: Context) => uuidParam(c, 'id', invitationNotFound);

/** The link's base is the address the admin's browser reached the app at. */
const deliveryOf = (c: Context<AppEnv>): InvitationDelivery => ({
  appUrl: new URL(c.req.url).origin,
  smtpConfigured: c.var.deps.smtpConfigured ?? false,
});

/** /config → Equipe (issue #20): admins only (docs/decisions/0026-team-and-roles.md). */
export const teamRoutes = new Hono<AppEnv>()
  .get('/users', docs.users, async (c) => c.json(await listTeamUsers(c.var.db, actorOf(c))))
  .put('/users/:id/role', docs.role, async (c) => {
    const id = userId(c);
    const { role } = await readJson(c, roleChangeSchema);
    return c.json(await changeUserRole(c.var.db, actorOf(c), id, role));
  })
  .post('/users/:id/deactivate', docs.deactivate, async (c) =>
    c.json(await deactivateUser(c.var.db, actorOf(c), userId(c))),
  )
  .post('/users/:id/reactivate', docs.reactivate, async (c) =>
    c.json(await reactivateUser(c.var.db, actorOf(c), userId(c))),
  )
  .get('/invitations', docs.invitations, async (c) =>
    c.json(await listInvitations(c.var.db, actorOf(c), c.var.deps.smtpConfigured ?? false)),
  )
  .post('/invitations', docs.invite, async (c) => {
    const input = await readJson(c, invitationInputSchema);
    return c.json(await createInvitation(c.var.db, actorOf(c), input, deliveryOf(c)), 201);
  })
  .post('/invitations/:id/resend', docs.resend, async (c) =>
    c.json(await resendInvitation(c.var.db, actorOf(c), invitationId(c), deliveryOf(c))),
  )
  .post('/invitations/:id/revoke', docs.revoke, async (c) =>
    c.json(await revokeInvitation(c.var.db, actorOf(c), invitationId(c))),
  );
