import { z } from '../zod';
import { textSchema } from '../text.schema';
import { passwordSchema, signInSchema, userPublicSchema } from './auth.schema';

/**
 * Two-factor sign-in (TOTP, RFC 6238: SHA-1, 30-second steps, 6 digits; a code of the step before
 * or after is accepted too) and password recovery (docs/decisions/0026-team-and-roles.md).
 */
export const TOTP = { issuer: 'Milheiro', algorithm: 'SHA1', digits: 6, period: 30, window: 1 } as const;

/** Ten single-use recovery codes per enrolment, each shown once. */
export const RECOVERY_CODE_COUNT = 10;

/** A reset link lives this long. */
export const PASSWORD_RESET_MINUTES = 30;

const TOTP_CODE_MESSAGE = 'Informe o código de 6 dígitos do aplicativo autenticador';

/** The 6 digits as typed ("123 456" is fine). */
export const totpCodeSchema = textSchema({ required: TOTP_CODE_MESSAGE, invalid: 'Código inválido' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A recovery code as typed: case, spaces and dashes do not matter (xxxxx-xxxxx). */
export const recoveryCodeSchema = textSchema({
  required: 'Informe um código de recuperação',
  invalid: 'Código inválido',
})
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'O código de recuperação tem 10 letras e números (xxxxx-xxxxx)'));

/** A code from the app, or one of the recovery codes. */
export const secondFactorSchema = z.union(
  [z.object({ code: totpCodeSchema }).strict(), z.object({ recovery_code: recoveryCodeSchema }).strict()],
  { error: TOTP_CODE_MESSAGE },
);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** Confirming the enrolment or new recovery codes: a code from the app. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;

/** Turning the second factor off: the password and a code (or a recovery code). */
export const totpDisableSchema = z
  .object({
    password: textSchema({ required: 'Informe sua senha', invalid: 'Senha inválida' })
      .min(1, 'Informe sua senha')
      .max(200, 'A senha deve ter no máximo 200 caracteres'),
    code: totpCodeSchema.optional(),
    recovery_code: recoveryCodeSchema.optional(),
  })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, {
    message: TOTP_CODE_MESSAGE,
    path: ['code'],
  });
export type TotpDisable = z.infer<typeof totpDisableSchema>;

/** POST /auth/totp/setup: what the authenticator app needs. */
export const totpSetupSchema = z.object({
  /** otpauth://totp/Milheiro:<e-mail>?secret=…&issuer=Milheiro… */
  otpauth_url: z.string(),
  /** The same URL as a QR code: an SVG data URL. */
  qr_svg: z.string(),
  /** The secret in base32, in groups of four for typing. */
  manual_key: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Shown once: the user keeps them. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The sign-in's answer when a code is still due: the cookie holds a session that admits nothing yet. */
export const mfaRequiredSchema = z.object({ mfa_required: z.literal(true) });

/** "Esqueci minha senha": the e-mail (or phone) of the account. */
export const forgotPasswordSchema = z.object({ identifier: signInSchema.shape.identifier });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** The same answer whether or not the account exists. */
export const FORGOT_PASSWORD_ANSWER =
  'Se houver uma conta com esse e-mail, enviaremos um link para redefinir a senha. O link vale por 30 minutos.';

export const resetPasswordSchema = z.object({
  token: textSchema({ required: 'Link inválido', invalid: 'Link inválido' })
    .min(1, 'Link inválido')
    .max(200, 'Link inválido'),
  password: passwordSchema,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const sessionAnswerSchema = z.object({ user: userPublicSchema, agency: z.looseObject({}) });
