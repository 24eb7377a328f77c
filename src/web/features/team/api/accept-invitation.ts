import type { AcceptInvitation } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import type { Session } from '@/types/api';

/** Creates the invited user and signs them in (the route wraps it in the session mutation). */
export const acceptInvitation = ({ token, input }: { token: string; input: AcceptInvitation }) =>
  api.post<Session>(`/auth/invitations/${encodeURIComponent(token)}/accept`, input);
