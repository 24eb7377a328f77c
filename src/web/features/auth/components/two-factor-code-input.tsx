import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** FormField's Slot passes id and aria attributes, which go on to the input. */
export interface TwoFactorCodeInputProps extends Omit<ComponentProps<'input'>, 'autoFocus'> {
  /** A recovery code (xxxxx-xxxxx) instead of the app's 6 digits. */
  recovery: boolean;
  registration: UseFormRegisterReturn;
  autoFocus?: boolean;
  /** The sign-in's larger digits. */
  large?: boolean;
}

/** The field of a second-factor code: the authenticator app's 6 digits, or a recovery code. */
export function TwoFactorCodeInput({ recovery, registration, autoFocus, large, ...field }: TwoFactorCodeInputProps) {
  return recovery ? (
    <Input
      {...field}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="xxxxx-xxxxx"
      className="font-mono"
      autoFocus={autoFocus}
      {...registration}
    />
  ) : (
    <Input
      {...field}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      maxLength={7}
      className={cn('font-mono tracking-[0.3em]', large && 'text-lg')}
      autoFocus={autoFocus}
      {...registration}
    />
  );
}
