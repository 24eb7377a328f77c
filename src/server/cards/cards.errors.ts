import { CARD_MESSAGES } from '../../domain/cards/card.schema';
import { featureErrors } from '../http/errors';

/** Cards' and payables' refusals: their codes with HTTP statuses. */
export const CARD_ERROR_STATUS = {
  CARD_NOT_FOUND: 404,
  PAYABLE_NOT_FOUND: 404,
  PAYABLE_ALREADY_PAID: 409,
  PAYABLE_NOT_PAID: 409,
} as const;

const cardError = featureErrors(CARD_ERROR_STATUS);

export const cardNotFound = (fields?: Record<string, string>) =>
  cardError('CARD_NOT_FOUND', CARD_MESSAGES.cardNotFound, fields ? { fields } : {});
export const payableNotFound = () => cardError('PAYABLE_NOT_FOUND', CARD_MESSAGES.payableNotFound);
export const payableAlreadyPaid = () => cardError('PAYABLE_ALREADY_PAID', CARD_MESSAGES.payableAlreadyPaid);
export const payableNotPaid = () => cardError('PAYABLE_NOT_PAID', CARD_MESSAGES.payableNotPaid);
