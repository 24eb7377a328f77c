import { ALERT_MESSAGES } from '../../domain/alerts/alert.schema';
import { featureErrors } from '../http/errors';

/** The alerts feature's error codes, each with its HTTP status. */
export const ALERT_ERROR_STATUS = {
  ALERT_NOT_FOUND: 404,
} as const;

const alertError = featureErrors(ALERT_ERROR_STATUS);

export const alertNotFound = () => alertError('ALERT_NOT_FOUND', ALERT_MESSAGES.notFound);
