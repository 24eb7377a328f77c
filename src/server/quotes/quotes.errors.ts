import { QUOTE_MESSAGES } from '../../domain/quotes/quote.schema';
import { featureErrors } from '../http/errors';

/** The quotes feature's error codes, each with its HTTP status. */
export const QUOTE_ERROR_STATUS = {
  QUOTE_NOT_FOUND: 404,
  INVALID_QUOTE_STATUS: 409,
  QUOTE_ALREADY_CONVERTED: 409,
  QUOTE_NOT_CONVERTIBLE: 409,
} as const;

const quoteError = featureErrors(QUOTE_ERROR_STATUS);

export const quoteNotFound = () => quoteError('QUOTE_NOT_FOUND', QUOTE_MESSAGES.notFound);
/** `message`: why, from the domain's planQuoteStatusChange. */
export const invalidQuoteStatus = (message: string) => quoteError('INVALID_QUOTE_STATUS', message);
export const quoteAlreadyConverted = () =>
  quoteError('QUOTE_ALREADY_CONVERTED', QUOTE_MESSAGES.alreadyConverted, {
    fields: { quote_id: QUOTE_MESSAGES.alreadyConverted },
  });
export const quoteNotConvertible = () =>
  quoteError('QUOTE_NOT_CONVERTIBLE', QUOTE_MESSAGES.notConvertible, {
    fields: { quote_id: QUOTE_MESSAGES.notConvertible },
  });
