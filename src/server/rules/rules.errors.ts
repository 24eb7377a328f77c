import { RULE_MESSAGES } from '../../domain/rules/rule.schema';
import { featureErrors } from '../http/errors';

/** The rules feature's error codes, each with its HTTP status. */
export const RULE_ERROR_STATUS = {
  RULE_NOT_FOUND: 404,
} as const;

const ruleError = featureErrors(RULE_ERROR_STATUS);

export const ruleNotFound = () => ruleError('RULE_NOT_FOUND', RULE_MESSAGES.notFound);
