import { featureErrors } from '../http/errors';

/** The sign-in feature's error codes, each with its HTTP status. */
export const AUTH_ERROR_STATUS = {
  INVALID_CREDENTIALS: 401,
  SIGNUP_CLOSED: 409,
  SESSION_NOT_FOUND: 404,
  TOO_MANY_ATTEMPTS: 429,
  VALIDATION_ERROR: 400,
  INVALID_CODE: 401,
  MFA_EXPIRED: 401,
  TOTP_ALREADY_ENABLED: 409,
  TOTP_NOT_STARTED: 409,
  TOTP_NOT_ENABLED: 409,
  RESET_LINK_INVALID: 410,
} as const;

/** What a password reset link is, as app_password_reset_state answers. */
export type ResetLinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** The Portuguese messages of its refusals. */
export const AUTH_ERROR_MESSAGES = {
  invalidCredentials: 'E-mail/telefone ou senha incorretos.',
  signUpClosed: 'O cadastro já foi realizado. Entre com sua conta.',
  sessionNotFound: 'Sessão não encontrada.',
  /** `minutes`: until the window of the sign-in limits ends. */
  tooManyAttempts: (minutes: number) =>
    `Muitas tentativas de acesso. Tente novamente em ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  wrongPassword: 'Senha atual incorreta.',
  wrongPasswordField: 'Senha atual incorreta',
  invalidCode: 'Código incorreto ou expirado. Confira o código no aplicativo autenticador e tente novamente.',
  invalidRecoveryCode: 'Código de recuperação incorreto ou já usado.',
  invalidCodeField: 'Código incorreto ou expirado',
  invalidRecoveryCodeField: 'Código de recuperação incorreto ou já usado',
  mfaExpired: 'A verificação expirou. Entre novamente com seu e-mail e senha.',
  totpAlreadyEnabled: 'A verificação em duas etapas já está ativa.',
  totpNotStarted: 'Comece a ativação da verificação em duas etapas novamente.',
  totpNotEnabled: 'A verificação em duas etapas não está ativa.',
  passwordField: 'Senha incorreta',
  resetLink: {
    used: 'Este link de redefinição já foi usado. Peça um novo em "Esqueci minha senha".',
    expired: 'Este link de redefinição expirou. Peça um novo em "Esqueci minha senha".',
    unknown: 'Link de redefinição inválido. Peça um novo em "Esqueci minha senha".',
  },
} as const;

const M = AUTH_ERROR_MESSAGES;
const authError = featureErrors(AUTH_ERROR_STATUS);

export const invalidCredentials = () => authError('INVALID_CREDENTIALS', M.invalidCredentials);
export const signUpClosed = () => authError('SIGNUP_CLOSED', M.signUpClosed);
export const sessionNotFound = () => authError('SESSION_NOT_FOUND', M.sessionNotFound);
export const tooManyAttempts = (seconds: number) =>
  authError('TOO_MANY_ATTEMPTS', M.tooManyAttempts(Math.ceil(seconds / 60)), {
    headers: { 'Retry-After': String(seconds) },
  });
export const wrongPassword = () =>
  authError('VALIDATION_ERROR', M.wrongPassword, { fields: { current_password: M.wrongPasswordField } });

export const invalidCode = (recovery: boolean) =>
  authError('INVALID_CODE', recovery ? M.invalidRecoveryCode : M.invalidCode);
export const wrongFactor = (recovery: boolean) =>
  authError('VALIDATION_ERROR', recovery ? M.invalidRecoveryCode : M.invalidCode, {
    fields: recovery ? { recovery_code: M.invalidRecoveryCodeField } : { code: M.invalidCodeField },
  });
export const mfaExpired = () => authError('MFA_EXPIRED', M.mfaExpired);
export const totpAlreadyEnabled = () => authError('TOTP_ALREADY_ENABLED', M.totpAlreadyEnabled);
export const totpNotStarted = () => authError('TOTP_NOT_STARTED', M.totpNotStarted);
export const totpNotEnabled = () => authError('TOTP_NOT_ENABLED', M.totpNotEnabled);
export const wrongPasswordForFactor = () =>
  authError('VALIDATION_ERROR', M.passwordField, { fields: { password: M.passwordField } });
export const resetLinkInvalid = (state: Exclude<ResetLinkState, 'valid'>) =>
  authError('RESET_LINK_INVALID', M.resetLink[state], { details: { state } });
