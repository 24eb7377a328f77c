import { formatNumber } from '../../domain/format';
import { SALE_MESSAGES } from '../../domain/sales/sale.schema';
import { featureErrors } from '../http/errors';

/** Sales' and receivables' refusals: their codes with HTTP statuses. */
export const SALE_ERROR_STATUS = {
  SALE_NOT_FOUND: 404,
  SALE_CANCELLED: 409,
  SALE_WITH_RECEIPTS: 409,
  INSUFFICIENT_MILES: 409,
  RECEIVABLE_NOT_FOUND: 404,
  RECEIVABLE_RECEIVED: 409,
  RECEIVABLE_NOT_RECEIVED: 409,
} as const;

const saleError = featureErrors(SALE_ERROR_STATUS);

export const saleNotFound = () => saleError('SALE_NOT_FOUND', SALE_MESSAGES.saleNotFound);
export const saleCancelled = () => saleError('SALE_CANCELLED', SALE_MESSAGES.saleCancelled);
export const saleWithReceipts = () => saleError('SALE_WITH_RECEIPTS', SALE_MESSAGES.saleWithReceipts);
export const receivableNotFound = () => saleError('RECEIVABLE_NOT_FOUND', SALE_MESSAGES.receivableNotFound);
export const receivableReceived = () => saleError('RECEIVABLE_RECEIVED', SALE_MESSAGES.receivableReceived);
export const receivableNotReceived = () => saleError('RECEIVABLE_NOT_RECEIVED', SALE_MESSAGES.receivableNotReceived);

/** 'Milhas insuficientes na conta: disponível 20.000' beside the miles field. */
export function insufficientMiles(available: number) {
  const message = SALE_MESSAGES.insufficientMiles(formatNumber(available));
  return saleError('INSUFFICIENT_MILES', message, { fields: { miles: message } });
}
