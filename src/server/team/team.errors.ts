import { TEAM_MESSAGES } from '../../domain/team/team.schema';
import { featureErrors } from '../http/errors';

/** The team feature's error codes, each with its HTTP status. */
export const TEAM_ERROR_STATUS = {
  USER_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  ALREADY_MEMBER: 409,
  EMAIL_REGISTERED: 409,
  ALREADY_INVITED: 409,
  LAST_ADMIN: 409,
  INVITATION_NOT_PENDING: 409,
  PHONE_TAKEN: 409,
  INVITATION_UNKNOWN: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_REVOKED: 410,
  INVITATION_USED: 410,
} as const;

const teamError = featureErrors(TEAM_ERROR_STATUS);
const M = TEAM_MESSAGES;

export const userNotFound = () => teamError('USER_NOT_FOUND', M.userNotFound);
export const invitationNotFound = () => teamError('INVITATION_NOT_FOUND', M.invitationNotFound);
export const alreadyMember = () => teamError('ALREADY_MEMBER', M.alreadyMember, { fields: { email: M.alreadyMember } });
export const emailRegistered = () =>
  teamError('EMAIL_REGISTERED', M.alreadyRegistered, { fields: { email: M.alreadyRegistered } });
export const alreadyInvited = () =>
  teamError('ALREADY_INVITED', M.alreadyInvited, { fields: { email: M.alreadyInvited } });
export const lastAdmin = () => teamError('LAST_ADMIN', M.lastAdmin);
export const invitationNotPending = (message: string = M.invitationNotPending) =>
  teamError('INVITATION_NOT_PENDING', message);
export const phoneTaken = () => teamError('PHONE_TAKEN', M.phoneTaken, { fields: { phone: M.phoneTaken } });

/** Why an invitation's link opens nothing: unknown (404), or expired, revoked, already used (410). */
export const invitationLinkError = (status: 'unknown' | 'expired' | 'revoked' | 'accepted') => {
  if (status === 'expired') return teamError('INVITATION_EXPIRED', M.linkExpired);
  if (status === 'revoked') return teamError('INVITATION_REVOKED', M.linkRevoked);
  if (status === 'accepted') return teamError('INVITATION_USED', M.linkUsed);
  return teamError('INVITATION_UNKNOWN', M.linkUnknown);
};
