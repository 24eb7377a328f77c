import { featureErrors } from '../http/errors';

/** Loyalty accounts' refusals: their codes with HTTP statuses, and their Portuguese messages. */
export const ACCOUNT_ERROR_STATUS = {
  ACCOUNT_NOT_FOUND: 404,
} as const;

export const ACCOUNT_MESSAGES = {
  notFound: 'Conta de fidelidade não encontrada.',
  /** Beside a form's field: the account named is none of this agency's (or this client's). */
  notFoundField: 'Conta não encontrada',
} as const;

export const accountError = featureErrors(ACCOUNT_ERROR_STATUS);

/** ACCOUNT_NOT_FOUND, with the form fields it concerns and, when the refusal says more, its own message. */
export const accountNotFound = (fields?: Record<string, string>, message: string = ACCOUNT_MESSAGES.notFound) =>
  accountError('ACCOUNT_NOT_FOUND', message, fields ? { fields } : {});
