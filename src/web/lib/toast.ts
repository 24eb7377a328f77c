import { toast } from 'sonner';
import { ERROR_MESSAGES } from '@/config/messages';

export { toast };

/** Destructive toast whose description is the error's (Portuguese) message, else the fallback. */
export function toastError(title: string, error: unknown, fallback: string = ERROR_MESSAGES.unexpected): void {
  const message = error instanceof Error && error.message ? error.message : fallback;
  toast.error(title, { description: message });
}
