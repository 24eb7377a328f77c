import { LGPD_MESSAGES } from '../../domain/audit/audit.schema';
import { featureErrors } from '../http/errors';

/** The LGPD requests' error codes, each with its HTTP status (an unknown client is clients' CLIENT_NOT_FOUND). */
export const AUDIT_ERROR_STATUS = {
  CLIENT_ALREADY_ANONYMIZED: 409,
} as const;

const auditError = featureErrors(AUDIT_ERROR_STATUS);

export const clientAlreadyAnonymized = () => auditError('CLIENT_ALREADY_ANONYMIZED', LGPD_MESSAGES.alreadyAnonymized);
