/* The public pages of sign-in's second factor and password recovery (#20). */
export const FORGOT_PASSWORD_PATH = '/esqueci-senha';
export const RESET_PASSWORD_PATH = '/redefinir-senha';
/** Where a user goes while the agency requires a second factor they have not enrolled. */
export const TWO_FACTOR_SETUP_PATH = '/verificacao-em-duas-etapas';
