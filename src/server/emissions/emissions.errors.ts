import { featureErrors } from '../http/errors';

// The wizard's field messages, which the web shows too, stay in the domain; so do the refusals of
// a transition (planTransition's message).
export { EMISSION_MESSAGES } from '../../domain/emissions/emission.schema';

/** The emissions feature's error codes, each with its HTTP status. */
export const EMISSION_ERROR_STATUS = {
  EMISSION_NOT_FOUND: 404,
  CLIENT_NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
  LOT_DELETED: 409,
  INSUFFICIENT_MILES: 409,
} as const;

/** The Portuguese messages of its refusals: `error.message`, and `fields` beside the wizard's fields. */
export const EMISSION_ERROR_MESSAGES = {
  notFound: 'Emissão não encontrada.',
  clientNotFound: 'Cliente não encontrado.',
  accountNotOfClient: 'Esta conta não pertence ao cliente selecionado.',
  /** Beside `action` of POST /emissions/:id/transitions. */
  actionInvalid: 'Ação inválida',
  restoreShortage: 'Os lotes destas emissões não têm mais milhas suficientes para restaurá-las.',
  restoreDeletedLot: 'Um lote destas emissões foi excluído; restaure o lote antes das emissões.',
} as const;

const M = EMISSION_ERROR_MESSAGES;
const emissionError = featureErrors(EMISSION_ERROR_STATUS);

export const emissionNotFound = () => emissionError('EMISSION_NOT_FOUND', M.notFound);
export const emissionClientNotFound = (fieldMessage: string) =>
  emissionError('CLIENT_NOT_FOUND', M.clientNotFound, { fields: { client_id: fieldMessage } });
/** `message`: why, from the domain's status machine (planTransition). */
export const invalidTransition = (message: string) => emissionError('INVALID_TRANSITION', message);
export const restoreLotDeleted = () => emissionError('LOT_DELETED', M.restoreDeletedLot);
export const restoreShortage = () => emissionError('INSUFFICIENT_MILES', M.restoreShortage);
