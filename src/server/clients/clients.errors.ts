import { featureErrors } from '../http/errors';

/** The clients feature's error codes, each with its HTTP status. */
export const CLIENT_ERROR_STATUS = {
  CLIENT_NOT_FOUND: 404,
  CLIENT_HAS_EMISSIONS: 409,
  CLIENT_HAS_LOTS: 409,
  DUPLICATE_DOCUMENT: 409,
  DUPLICATE_PROGRAM: 409,
  ACCOUNT_IN_USE: 409,
  RESTORE_CONFLICT: 409,
  CLIENT_ANONYMIZED: 409,
} as const;

/** The Portuguese messages of its refusals: `error.message`, and `fields` beside the form's fields. */
export const CLIENT_ERROR_MESSAGES = {
  notFound: 'Cliente não encontrado.',
  hasEmissions: 'Este cliente possui emissões e não pode ser excluído. Marque-o como Inativo.',
  hasLots:
    'As contas de fidelidade deste cliente possuem lotes de milhas; ele não pode ser excluído. Marque-o como Inativo.',
  duplicateProgram: 'Este cliente já possui uma conta neste programa.',
  duplicateDocument: 'Já existe um cliente com este CPF/CNPJ.',
  /** `label`: CPF or CNPJ; `document` formatted; `holder`: the other client's name. */
  documentTaken: (label: string, document: string, holder: string) =>
    `${label} ${document} já cadastrado para ${holder}`,
  /** `account`: the program's name and the account number, as "LATAM Pass (123)". */
  accountRemovedInUse: (account: string) => `A conta ${account} possui lotes ou emissões e não pode ser removida.`,
  accountMovedInUse: (account: string) => `A conta ${account} possui lotes ou emissões e não pode mudar de programa.`,
  accountMovedInUseField: 'Conta com lotes ou emissões não pode mudar de programa',
  restoreConflict: 'Não foi possível restaurar: um cliente ativo já usa a mesma conta de fidelidade.',
  anonymized: 'Cliente anonimizado (LGPD): os dados pessoais não podem ser preenchidos de novo.',
} as const;

const M = CLIENT_ERROR_MESSAGES;
const clientError = featureErrors(CLIENT_ERROR_STATUS);

export const clientNotFound = () => clientError('CLIENT_NOT_FOUND', M.notFound);
export const clientHasEmissions = () => clientError('CLIENT_HAS_EMISSIONS', M.hasEmissions);
export const clientHasLots = () => clientError('CLIENT_HAS_LOTS', M.hasLots);
export const duplicateProgram = () => clientError('DUPLICATE_PROGRAM', M.duplicateProgram);
export const duplicateDocument = (label: string, document: string, holder: string) =>
  clientError('DUPLICATE_DOCUMENT', M.duplicateDocument, {
    fields: { document: M.documentTaken(label, document, holder) },
  });
/** An account that lots or emissions point at: it may be neither removed nor moved to another program. */
export const accountRemovedInUse = (account: string) => clientError('ACCOUNT_IN_USE', M.accountRemovedInUse(account));
export const accountMovedInUse = (account: string, field: string) =>
  clientError('ACCOUNT_IN_USE', M.accountMovedInUse(account), { fields: { [field]: M.accountMovedInUseField } });
export const restoreConflict = () => clientError('RESTORE_CONFLICT', M.restoreConflict);
/** LGPD: an anonymised client is not edited back with personal data. */
export const clientAnonymized = () => clientError('CLIENT_ANONYMIZED', M.anonymized);
