import type { LucideIcon } from 'lucide-react';
import { Loader2Icon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The form's request is under way: the button waits, a spinner in place of its icon. */
  pending: boolean;
  /** Before the label while nothing is pending. */
  icon?: LucideIcon;
}

/** A form's submit button, disabled and spinning while the form's request is under way. */
export function SubmitButton({ pending, icon: Icon, disabled = false, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled || pending} {...props}>
      {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : Icon && <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}
