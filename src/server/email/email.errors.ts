import { EMAIL_MESSAGES } from '../../domain/email/email.schema';
import { featureErrors } from '../http/errors';

/** The e-mail feature's error codes, each with its HTTP status. */
export const EMAIL_ERROR_STATUS = {
  EMAIL_NOT_FOUND: 404,
} as const;

const emailError = featureErrors(EMAIL_ERROR_STATUS);

export const emailNotFound = () => emailError('EMAIL_NOT_FOUND', EMAIL_MESSAGES.notFound);
