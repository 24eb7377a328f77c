import { WEBHOOK_MESSAGES } from '../../domain/webhooks/webhook.schema';
import { featureErrors } from '../http/errors';

/** The webhooks feature's error codes, each with its HTTP status. */
export const WEBHOOK_ERROR_STATUS = {
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  WEBHOOK_LIMIT_REACHED: 409,
  WEBHOOK_DISABLED: 409,
  WEBHOOK_DELIVERY_PENDING: 409,
} as const;

const webhookError = featureErrors(WEBHOOK_ERROR_STATUS);

export const webhookNotFound = () => webhookError('WEBHOOK_NOT_FOUND', WEBHOOK_MESSAGES.notFound);
export const webhookDeliveryNotFound = () =>
  webhookError('WEBHOOK_DELIVERY_NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
export const webhookLimitReached = () => webhookError('WEBHOOK_LIMIT_REACHED', WEBHOOK_MESSAGES.tooMany);
export const webhookDisabled = () => webhookError('WEBHOOK_DISABLED', WEBHOOK_MESSAGES.disabled);
export const webhookDeliveryPending = () => webhookError('WEBHOOK_DELIVERY_PENDING', WEBHOOK_MESSAGES.deliveryPending);
