import { formatNumber } from '../../domain/format';
import { TRANSFER_MESSAGES } from '../../domain/transfers/transfer.schema';
import { featureErrors } from '../http/errors';

/** Transfers' and credits' refusals: their codes with HTTP statuses. */
export const TRANSFER_ERROR_STATUS = {
  TRANSFER_NOT_FOUND: 404,
  CREDIT_NOT_FOUND: 404,
  CREDIT_NOT_PENDING: 409,
  INSUFFICIENT_POINTS: 409,
} as const;

const transferError = featureErrors(TRANSFER_ERROR_STATUS);

export const transferNotFound = () => transferError('TRANSFER_NOT_FOUND', TRANSFER_MESSAGES.transferNotFound);
export const creditNotFound = () => transferError('CREDIT_NOT_FOUND', TRANSFER_MESSAGES.creditNotFound);
export const creditNotPending = () => transferError('CREDIT_NOT_PENDING', TRANSFER_MESSAGES.creditNotPending);

/** 'Pontos insuficientes: a conta tem 40.000 disponíveis.' beside the points field. */
export function insufficientPoints(available: number) {
  const message = `Pontos insuficientes: a conta tem ${formatNumber(available)} disponíveis.`;
  return transferError('INSUFFICIENT_POINTS', message, { fields: { points: message } });
}
