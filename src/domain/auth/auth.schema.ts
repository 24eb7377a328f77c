import { z } from 'zod';
import { cnpjSchema, optionalPhoneSchema } from '../documents.schema';

export const PASSWORD_MIN_LENGTH = 8;

/** Spec part 1 §5: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const passwordSchema = z
  .string({ error: 'Senha é obrigatória' })
  .min(PASSWORD_MIN_LENGTH, 'A senha deve ter pelo menos 8 caracteres')
  .max(200, 'A senha deve ter no máximo 200 caracteres')
  .regex(/[A-Z]/, 'A senha deve conter pelo menos uma letra maiúscula')
  .regex(/[a-z]/, 'A senha deve conter pelo menos uma letra minúscula')
  .regex(/[0-9]/, 'A senha deve conter pelo menos um número');

export const IDENTIFIER_REQUIRED_MESSAGE = 'Informe seu e-mail ou telefone e a senha';

export const signInSchema = z.object({
  identifier: z.string({ error: IDENTIFIER_REQUIRED_MESSAGE }).trim().min(1, 'Informe seu e-mail ou telefone').max(200),
  password: z.string({ error: IDENTIFIER_REQUIRED_MESSAGE }).min(1, 'Informe sua senha').max(200),
});
export type SignIn = z.infer<typeof signInSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const personNameSchema = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(2, 'Nome deve ter pelo menos 2 caracteres')
  .max(120, 'Nome deve ter no máximo 120 caracteres');

export const emailSchema = z.string().trim().toLowerCase().max(200).pipe(z.email('Email inválido'));

export const signUpSchema = z.object({
  agency: z.object({
    legal_name: z.string({ error: 'Razão social é obrigatória' }).trim().min(2, 'Razão social deve ter pelo menos 2 caracteres').max(200),
    trade_name: z.string({ error: 'Nome fantasia é obrigatório' }).trim().min(2, 'Nome fantasia deve ter pelo menos 2 caracteres').max(200),
    cnpj: cnpjSchema,
  }),
  user: z
    .object({
      name: personNameSchema,
      email: z.union([z.literal(''), emailSchema]).optional().nullable().transform((v) => (v ? v : null)),
      phone: optionalPhoneSchema,
      password: passwordSchema,
    })
    .refine((u) => u.email || u.phone, { message: 'Informe seu e-mail ou telefone', path: ['email'] }),
});
export type SignUp = z.infer<typeof signUpSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: 'Informe a senha atual' }).min(1, 'Informe a senha atual').max(200),
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
});
export type UserPublic = z.infer<typeof userPublicSchema>;

export { optionalText };
