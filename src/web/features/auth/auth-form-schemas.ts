import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { signInSchema, signUpSchema } from '@domain/auth/auth.schema';
import { recoveryCodeSchema, totpCodeSchema } from '@domain/auth/two-factor.schema';

/* The sign-in page's form schemas, loaded on the forms' first validation (lib/lazy-resolver.ts). */

export const signUpFormSchema = signUpSchema
  .safeExtend({ confirm_password: z.string() })
  .refine((values) => values.confirm_password === values.user.password, {
    message: 'As senhas não coincidem',
    path: ['confirm_password'],
  });

export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpFormSchema);

/** The sign-in's second step: the app's 6 digits, or a recovery code. */
export const totpCodeResolver = zodResolver(z.object({ code: totpCodeSchema }));
export const recoveryCodeResolver = zodResolver(z.object({ code: recoveryCodeSchema }));
