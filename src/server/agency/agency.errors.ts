import { featureErrors } from '../http/errors';

/** The agency feature's error codes, each with its HTTP status. */
export const AGENCY_ERROR_STATUS = {
  AGENCY_NOT_FOUND: 404,
  DUPLICATE_CNPJ: 409,
} as const;

/** The Portuguese messages of its refusals: `error.message`, and `fields` beside the form's fields. */
export const AGENCY_ERROR_MESSAGES = {
  notFound: 'Agência não encontrada.',
  duplicateCnpj: 'Já existe uma agência com este CNPJ.',
  duplicateCnpjField: 'CNPJ já cadastrado',
} as const;

const M = AGENCY_ERROR_MESSAGES;
const agencyError = featureErrors(AGENCY_ERROR_STATUS);

export const agencyNotFound = () => agencyError('AGENCY_NOT_FOUND', M.notFound);
export const duplicateCnpj = () =>
  agencyError('DUPLICATE_CNPJ', M.duplicateCnpj, { fields: { cnpj: M.duplicateCnpjField } });
