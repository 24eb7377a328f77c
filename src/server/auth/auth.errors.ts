import { featureErrors } from '../http/errors';

/** The sign-in feature's error codes, each with its HTTP status. */
export const AUTH_ERROR_STATUS = {
  INVALID_CREDENTIALS: 401,
  SIGNUP_CLOSED: 409,
  SESSION_NOT_FOUND: 404,
  TOO_MANY_ATTEMPTS: 429,
  VALIDATION_ERROR: 400,
} as const;

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
