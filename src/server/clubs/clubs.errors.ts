import { CLUB_MESSAGES } from '../../domain/clubs/club.schema';
import { featureErrors } from '../http/errors';

/** Clubs' refusals: their codes with HTTP statuses. */
export const CLUB_ERROR_STATUS = {
  CLUB_NOT_FOUND: 404,
  CLUB_ENDED: 409,
} as const;

const clubError = featureErrors(CLUB_ERROR_STATUS);

export const clubNotFound = () => clubError('CLUB_NOT_FOUND', CLUB_MESSAGES.clubNotFound);
export const clubEnded = () => clubError('CLUB_ENDED', CLUB_MESSAGES.clubEnded);
