import { ENTRY_MESSAGES } from '../../domain/finance/entry.schema';
import { featureErrors } from '../http/errors';

/** The postings feature's error codes, each with its HTTP status. */
export const ENTRY_ERROR_STATUS = {
  ENTRY_NOT_FOUND: 404,
  ENTRY_OF_A_LOT: 409,
  ENTRY_OF_A_SALE: 409,
} as const;

const entryError = featureErrors(ENTRY_ERROR_STATUS);

export const entryNotFound = () => entryError('ENTRY_NOT_FOUND', ENTRY_MESSAGES.notFound);
/** A lot's purchase posting follows its lot (lots.service): it is not edited or deleted by hand. */
export const entryOfALot = () => entryError('ENTRY_OF_A_LOT', ENTRY_MESSAGES.systemEntry);
/** A sale's receipt posting follows its instalment (sales.service): it is not edited or deleted by hand. */
export const entryOfASale = () => entryError('ENTRY_OF_A_SALE', ENTRY_MESSAGES.saleEntry);
