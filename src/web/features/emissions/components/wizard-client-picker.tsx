import { useState } from 'react';
import { Loader2Icon, SearchIcon, UserRoundIcon } from 'lucide-react';
import { formatCpfOrCnpj } from '@domain/documents';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TruncatedText } from '@/components/ui/truncated-text';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { useClientSearch } from '../api/search-clients';
import type { ClientOption } from '../types';
import type { WizardForm } from '../wizard-model';

/** CPF/CNPJ · e-mail under a client's name. */
const details = (client: ClientOption) =>
  [client.document ? formatCpfOrCnpj(client.document) : null, client.email].filter(Boolean).join(' · ') ||
  'Sem documento';

export interface WizardClientPickerProps {
  form: WizardForm;
  client: ClientOption | null;
  onClientChange: (client: ClientOption | null) => void;
}

/** 'Cliente': the chosen client with 'Trocar cliente', or the quick search and its matches (cells of the step's grid). */
export function WizardClientPicker({ form, client, onClientChange }: WizardClientPickerProps) {
  const { errors } = form.formState;
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const search = useClientSearch(q, client === null && q !== '');
  const results = q === '' ? [] : (search.data ?? []);

  return (
    <>
      {client ? (
        <div className="grid grid-cols-1 gap-2">
          <p className="text-sm leading-none font-medium">Cliente</p>
          <div
            className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3"
            data-testid="wizard-selected-client"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <UserRoundIcon aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{client.name}</p>
              <TruncatedText className="block text-xs text-muted-foreground" text={details(client)} />
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="shrink-0"
              onClick={() => {
                onClientChange(null);
                setTyped('');
              }}
            >
              Trocar cliente
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="emission-client" className={cn(errors.client_id && 'text-destructive')}>
            Cliente
          </Label>
          <div className="relative">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="emission-client"
              type="search"
              autoComplete="off"
              autoFocus
              placeholder="Buscar cliente..."
              className="pl-9"
              maxLength={200}
              aria-invalid={errors.client_id ? true : undefined}
              aria-describedby="emission-client-help"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter picks the only match instead of submitting the step.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (results.length === 1) onClientChange(results[0]!);
                }
              }}
            />
            {search.isFetching && (
              <Loader2Icon
                aria-hidden="true"
                className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              />
            )}
          </div>
          {errors.client_id ? (
            <p
              id="emission-client-help"
              role="alert"
              className="text-[0.8rem] leading-snug font-medium text-destructive"
            >
              {errors.client_id.message}
            </p>
          ) : (
            <p id="emission-client-help" className="text-[0.8rem] leading-snug text-muted-foreground">
              Busque por nome, CPF/CNPJ ou email.
            </p>
          )}
        </div>
      )}

      {!client && q !== '' && (
        <div className="-mt-2 overflow-hidden rounded-lg border" aria-live="polite">
          {search.isError ? (
            <QueryErrorState compact className="rounded-none border-0" title="Erro ao buscar clientes" query={search} />
          ) : search.isPending ? (
            <p className="p-3 text-sm text-muted-foreground">Buscando clientes...</p>
          ) : results.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">Nenhum cliente encontrado para “{q}”.</p>
          ) : (
            <ul aria-label="Clientes encontrados" className="max-h-56 divide-y overflow-y-auto">
              {results.map((option) => (
                <li key={option.id}>
                  <button
                    type="button"
                    className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
                    onClick={() => onClientChange(option)}
                  >
                    <span className="max-w-full truncate text-sm font-medium">{option.name}</span>
                    <span className="max-w-full truncate text-xs text-muted-foreground">{details(option)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
