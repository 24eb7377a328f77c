import {
  INVITATION_STATUS_LABELS,
  USER_STATUS_LABELS,
  type InvitationStatus,
  type UserStatus,
} from '@domain/team/team.schema';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const USER_VARIANT: Record<UserStatus, BadgeProps['variant']> = { active: 'success', deactivated: 'secondary' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge variant={USER_VARIANT[status]} data-testid="user-status">
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}

const INVITATION_VARIANT: Record<InvitationStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'outline',
  revoked: 'secondary',
};

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  return (
    <Badge variant={INVITATION_VARIANT[status]} data-testid="invitation-status">
      {INVITATION_STATUS_LABELS[status]}
    </Badge>
  );
}
