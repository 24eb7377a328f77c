import { useState } from 'react';
import { Loader2Icon, SearchIcon, UserRoundIcon, XIcon } from 'lucide-react';
import type { ClientOption } from '@domain/clients/client.schema';
import { formatCpfOrCnpj } from '@domain/documents';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TruncatedText } from '@/components/ui/truncated-text';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useClientSearch } from '../api/search-clients';

export interface ClientPickerProps {
  client: ClientOption | null;
  onClientChange: (client: ClientOption | null) => void;
  error?: string | undefined;
}

const details = (client: ClientOption) =>
  [client.document ? formatCpfOrCnpj(client.document) : null, client.email].filter(Boolean).join(' · ') ||
  'Sem documento';

/** 'Cliente (opcional)': the chosen client with a way to remove it, or a quick search and its matches. */
export function ClientPicker({ client, onClientChange, error }: ClientPickerProps) {
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const search = useClientSearch(q, client === null && q !== '');
  const results = q === '' ? [] : (search.data ?? []);

  if (client) {
    return (
      <div className="grid gap-2">
        <p className="text-sm leading-none font-medium">Cliente (opcional)</p>
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2.5" data-testid="simulator-client">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <UserRoundIcon aria-hidden="true" className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <TruncatedText className="block text-sm font-medium" text={client.name} />
            <TruncatedText className="block text-xs text-muted-foreground" text={details(client)} />
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="shrink-0"
            aria-label={`Remover ${client.name} da cotação`}
            onClick={() => {
              onClientChange(null);
              setTyped('');
            }}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor="simulator-client" className={error ? 'text-destructive' : undefined}>
        Cliente (opcional)
      </Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="simulator-client"
          type="search"
          autoComplete="off"
          placeholder="Buscar por nome, CPF/CNPJ ou email..."
          className="pl-9"
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby="simulator-client-help"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
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
      <p
        id="simulator-client-help"
        role={error ? 'alert' : undefined}
        className={
          error
            ? 'text-[0.8rem] leading-snug font-medium text-destructive'
            : 'text-[0.8rem] leading-snug text-muted-foreground'
        }
      >
        {error ?? 'Com um cliente, a conta e os lotes mostrados são os dele.'}
      </p>
      {q !== '' && (
        <div className="overflow-hidden rounded-lg border" aria-live="polite">
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
    </div>
  );
}
