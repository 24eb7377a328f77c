import { useState } from 'react';
import type { InvitationSent } from '@domain/team/team.schema';
import { InvitationLinkDialog } from './invitation-link-dialog';
import { InvitationsCard } from './invitations-card';
import { TeamUsersCard } from './team-users-card';

/**
 * /config → Equipe (issue #20, admins only): the agency's users — role, last sign-in, status,
 * deactivation — and the invitations that bring new ones in. The server enforces who may do what
 * (docs/decisions/0026-team-and-roles.md).
 */
export function TeamSettings() {
  const [shownLink, setShownLink] = useState<InvitationSent | null>(null);
  return (
    <div className="space-y-6">
      <TeamUsersCard />
      <InvitationsCard onLink={setShownLink} />
      <InvitationLinkDialog invitation={shownLink} onClose={() => setShownLink(null)} />
    </div>
  );
}
