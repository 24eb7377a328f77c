import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { userPublicSchema } from '../../domain/auth/auth.schema';
import { acceptInvitationSchema, invitationPreviewSchema } from '../../domain/team/team.schema';
import { toAgencyDto } from '../agency/agency.queries';
import { publicUser } from '../auth/auth.service';
import type { AppEnv } from '../http/context';
import { clientIp, setSessionCookie } from '../http/middleware';
import { apiDoc, json } from '../http/openapi';
import { readJson } from '../http/validate';
import { acceptInvitation, previewInvitation } from './invitations.service';

const tokenParams = z.object({
  token: z.string().meta({ description: "The invitation link's token (43 characters, base64url)" }),
});

const LINK_ERRORS =
  'An unknown link is a 404 INVITATION_UNKNOWN; an expired, revoked or already accepted one a 410 (INVITATION_EXPIRED, INVITATION_REVOKED, INVITATION_USED), each with a Portuguese message.';

const docs = {
  preview: apiDoc({
    tag: 'team',
    operationId: 'getInvitation',
    summary: "An invitation's agency, e-mail and role, for the accept page",
    description: LINK_ERRORS,
    public: true,
    params: tokenParams,
    response: json('The pending invitation', invitationPreviewSchema),
    errors: [410],
  }),
  accept: apiDoc({
    tag: 'team',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: the user is created with the invited role, signed in',
    description: `${LINK_ERRORS} The link works once: a second accept changes nothing. 409 when the phone is already another user's.`,
    public: true,
    params: tokenParams,
    body: acceptInvitationSchema,
    response: json(
      'The user and agency; the session cookie is set',
      z.object({ user: userPublicSchema, agency: z.looseObject({}) }),
      201,
    ),
    errors: [409, 410],
  }),
};

const clientOf = (c: Context<AppEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });

/** The accept page's API (/convite/:token), reachable without a session (PUBLIC_PREFIXES). Mounted at /auth/invitations. */
export const invitationRoutes = new Hono<AppEnv>()
  .get('/:token', docs.preview, async (c) => c.json(await previewInvitation(c.var.deps.db, c.req.param('token'))))
  .post('/:token/accept', docs.accept, async (c) => {
    const input = await readJson(c, acceptInvitationSchema);
    const { user, agency, session } = await acceptInvitation(
      c.var.deps.db,
      c.req.param('token'),
      input,
      clientOf(c),
      c.var.deps.passwordCost,
    );
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: publicUser(user, agency.settings), agency: toAgencyDto(agency) }, 201);
  });
