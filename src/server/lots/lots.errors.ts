import { formatNumber } from '../../domain/format';
import { programName } from '../../domain/programs';
import { featureErrors } from '../http/errors';

// The lot form's field messages, which the web shows too, stay in the domain.
export { LOT_MESSAGES } from '../../domain/lots/lot.schema';

/** The lots feature's error codes, each with its HTTP status. */
export const LOT_ERROR_STATUS = {
  LOT_NOT_FOUND: 404,
  LOT_IN_USE: 409,
} as const;

/** The Portuguese messages of its refusals: `error.message`, and `fields` beside the form's fields. */
export const LOT_ERROR_MESSAGES = {
  notFound: 'Lote não encontrado.',
  inUse: 'Este lote já teve milhas utilizadas e não pode ser excluído.',
  accountOfProgram: (program: string) => `A conta selecionada não é do programa ${programName(program)}`,
  programLocked: 'Este lote já teve milhas utilizadas; o programa não pode ser alterado',
  accountLocked: 'Este lote já teve milhas utilizadas; a conta não pode ser alterada',
  belowUsed: (used: number) => `Quantidade não pode ser menor que as ${formatNumber(used)} milhas já utilizadas`,
} as const;

const lotError = featureErrors(LOT_ERROR_STATUS);

export const lotNotFound = () => lotError('LOT_NOT_FOUND', LOT_ERROR_MESSAGES.notFound);
export const lotInUse = () => lotError('LOT_IN_USE', LOT_ERROR_MESSAGES.inUse);
/** A lot whose card instalments were paid (issue #23): their cash went out, so it stays. */
export const lotPaidOnCard = (message: string) => lotError('LOT_IN_USE', message);
