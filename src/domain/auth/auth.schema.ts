import { USER_ROLES } from './roles';
import { z } from '../zod';
import { cnpjSchema, optionalPhoneSchema } from '../documents.schema';
import { optionalTextSchema, textSchema } from '../text.schema';

export const PASSWORD_MIN_LENGTH = 8;

/** Spec part 1 §5: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const passwordSchema = textSchema({ required: 'Senha é obrigatória', invalid: 'Senha inválida' })
  .min(PASSWORD_MIN_LENGTH, 'A senha deve ter pelo menos 8 caracteres')
  .max(200, 'A senha deve ter no máximo 200 caracteres')
  .regex(/[A-Z]/, 'A senha deve conter pelo menos uma letra maiúscula')
  .regex(/[a-z]/, 'A senha deve conter pelo menos uma letra minúscula')
  .regex(/[0-9]/, 'A senha deve conter pelo menos um número');

export const IDENTIFIER_REQUIRED_MESSAGE = 'Informe seu e-mail ou telefone e a senha';

export const signInSchema = z.object({
  identifier: textSchema({ required: IDENTIFIER_REQUIRED_MESSAGE, invalid: 'E-mail ou telefone inválido' })
    .trim()
    .min(1, 'Informe seu e-mail ou telefone')
    .max(200, 'E-mail ou telefone deve ter no máximo 200 caracteres'),
  password: textSchema({ required: IDENTIFIER_REQUIRED_MESSAGE, invalid: 'Senha inválida' })
    .min(1, 'Informe sua senha')
    .max(200, 'A senha deve ter no máximo 200 caracteres'),
});
export type SignIn = z.infer<typeof signInSchema>;

const optionalText = (max: number) => optionalTextSchema(max, `Deve ter no máximo ${max} caracteres`);

export const personNameSchema = textSchema({ required: 'Nome é obrigatório', invalid: 'Nome inválido' })
  .trim()
  .min(2, 'Nome deve ter pelo menos 2 caracteres')
  .max(120, 'Nome deve ter no máximo 120 caracteres');

export const EMAIL_MAX_LENGTH = 200;
const EMAIL_TOO_LONG = `Email deve ter no máximo ${EMAIL_MAX_LENGTH} caracteres`;

/** Built once: building a schema per value costs ten times checking one (an import checks 100,000). */
const emailFormat = z.email();

/**
 * An optional e-mail: '' and null → null. Not a union with z.literal(''): when both branches
 * fail a union answers only "invalid", so a too-long address would not say so.
 */
export const optionalEmailSchema = textSchema({ invalid: 'Email inválido' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG, abort: true })
  .refine((v) => v === '' || emailFormat.safeParse(v).success, 'Email inválido')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const legalNameSchema = textSchema({ required: 'Razão social é obrigatória', invalid: 'Razão social inválida' })
  .trim()
  .min(2, 'Razão social deve ter pelo menos 2 caracteres')
  .max(200, 'Razão social deve ter no máximo 200 caracteres');

export const tradeNameSchema = textSchema({
  required: 'Nome fantasia é obrigatório',
  invalid: 'Nome fantasia inválido',
})
  .trim()
  .min(2, 'Nome fantasia deve ter pelo menos 2 caracteres')
  .max(200, 'Nome fantasia deve ter no máximo 200 caracteres');

export const signUpSchema = z.object({
  agency: z.object({
    legal_name: legalNameSchema,
    trade_name: tradeNameSchema,
    cnpj: cnpjSchema,
  }),
  user: z
    .object({
      name: personNameSchema,
      email: optionalEmailSchema,
      phone: optionalPhoneSchema,
      password: passwordSchema,
    })
    .refine((u) => u.email || u.phone, { message: 'Informe seu e-mail ou telefone', path: ['email'] }),
});
export type SignUp = z.infer<typeof signUpSchema>;

export const changePasswordSchema = z
  .object({
    current_password: textSchema({ required: 'Informe a senha atual', invalid: 'Senha inválida' })
      .min(1, 'Informe a senha atual')
      .max(200, 'A senha deve ter no máximo 200 caracteres'),
    new_password: passwordSchema,
  })
  .refine((v) => v.current_password !== v.new_password, {
    message: 'A nova senha deve ser diferente da atual',
    path: ['new_password'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const userPublicSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** Signs in with a second factor (TOTP). */
  totp_enabled: z.boolean(),
  /** The agency requires a second factor this user has not enrolled yet: only enrolment is open. */
  mfa_setup_required: z.boolean(),
});
export type UserPublic = z.infer<typeof userPublicSchema>;

export { optionalText };
