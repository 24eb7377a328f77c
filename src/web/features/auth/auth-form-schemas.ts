import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { signInSchema, signUpSchema } from '@domain/auth/auth.schema';

/* The sign-in page's form schemas, loaded on the forms' first validation (lib/lazy-resolver.ts). */

export const signUpFormSchema = signUpSchema
  .safeExtend({ confirm_password: z.string() })
  .refine((values) => values.confirm_password === values.user.password, {
    message: 'As senhas não coincidem',
    path: ['confirm_password'],
  });

export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpFormSchema);
