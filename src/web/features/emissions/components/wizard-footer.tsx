import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

export interface WizardFooterProps {
  step: number;
  /** The review: the submit button confirms the emission. */
  last: boolean;
  pending: boolean;
  onCancel: () => void;
  onBack: () => void;
}

/** 'Cancelar', 'Voltar' and 'Próximo' / 'Confirmar emissão' (the form's submit). */
export function WizardFooter({ step, last, pending, onCancel, onBack }: WizardFooterProps) {
  return (
    <DialogFooter className="border-t pt-4 sm:justify-between">
      <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {step > 0 && (
          <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
            <ArrowLeftIcon aria-hidden="true" />
            Voltar
          </Button>
        )}
        <Button type="submit" disabled={pending} className={cn(pending && 'cursor-wait')}>
          {last ? (
            <>
              {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <CheckIcon aria-hidden="true" />}
              {pending ? 'Criando...' : 'Confirmar emissão'}
            </>
          ) : (
            <>
              Próximo
              <ArrowRightIcon aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </DialogFooter>
  );
}
