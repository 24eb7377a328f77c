import { SHORTAGE_MESSAGE_PT, type AllocationShortage } from '../../domain/lots/allocation';
import { featureErrors } from '../http/errors';

/** The allocation engine's error codes, each with its HTTP status. */
export const ALLOCATION_ERROR_STATUS = {
  INSUFFICIENT_MILES: 409,
  LOT_NOT_FOUND: 404,
} as const;

/** Its Portuguese messages; the shortage's (SHORTAGE_MESSAGE_PT) is the domain's, which the wizard shows too. */
export const ALLOCATION_ERROR_MESSAGES = {
  lotNotInAccount: 'Lote não encontrado nesta conta.',
  shortage: SHORTAGE_MESSAGE_PT,
} as const;

const allocationError = featureErrors(ALLOCATION_ERROR_STATUS);

/** INSUFFICIENT_MILES: the Portuguese shortage message, with the figures for the caller. */
export function insufficientMiles(shortage: AllocationShortage) {
  const message = ALLOCATION_ERROR_MESSAGES.shortage(shortage.missing);
  return allocationError('INSUFFICIENT_MILES', message, { fields: { miles: message }, details: { ...shortage } });
}

/** A chosen lot that is not of the emission's account (or agency). */
export const lotNotInAccount = () =>
  allocationError('LOT_NOT_FOUND', ALLOCATION_ERROR_MESSAGES.lotNotInAccount, {
    fields: { lot_ids: ALLOCATION_ERROR_MESSAGES.lotNotInAccount },
  });
