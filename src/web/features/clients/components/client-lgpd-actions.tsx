import { useState } from 'react';
import { DownloadIcon, Loader2Icon, ShieldIcon, UserXIcon } from 'lucide-react';
import { sameName } from '@domain/audit/audit.schema';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { toast, toastError } from '@/lib/toast';
import { useAnonymizeClient } from '../api/anonymize-client';
import { useExportClientLgpd } from '../api/export-client-lgpd';
import type { Client } from '../types';

/**
 * The LGPD requests about a client (admins; docs/decisions/0027-audit-log-and-lgpd.md): export
 * everything held about them, and anonymise them — irreversible, confirmed by typing the name.
 */
export function ClientLgpdActions({ client }: { client: Pick<Client, 'id' | 'name' | 'anonymized_at'> }) {
  const exporting = useExportClientLgpd();
  const [anonymizing, setAnonymizing] = useState(false);

  const exportData = () =>
    exporting.mutate(
      { id: client.id, name: client.name },
      {
        onSuccess: () =>
          toast.success('Dados exportados', { description: 'Arquivo JSON com os dados do cliente baixado.' }),
        onError: (error) => toastError('Erro ao exportar os dados', error),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={exporting.isPending}>
            {exporting.isPending ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <ShieldIcon aria-hidden="true" />
            )}
            LGPD
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={exportData}>
            <DownloadIcon aria-hidden="true" />
            Exportar dados (LGPD)
          </DropdownMenuItem>
          {!client.anonymized_at && (
            <DropdownMenuItem variant="destructive" onSelect={() => setAnonymizing(true)}>
              <UserXIcon aria-hidden="true" />
              Anonimizar cliente
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {anonymizing && <AnonymizeClientDialog client={client} onClose={() => setAnonymizing(false)} />}
    </>
  );
}

function AnonymizeClientDialog({ client, onClose }: { client: Pick<Client, 'id' | 'name'>; onClose: () => void }) {
  const anonymize = useAnonymizeClient();
  const [typed, setTyped] = useState('');
  const matches = sameName(typed, client.name);
  const busy = anonymize.isPending;

  const confirm = () =>
    anonymize.mutate(
      { id: client.id, confirm: typed },
      {
        onSuccess: (result) => {
          onClose();
          toast.success('Cliente anonimizado', {
            description: `Os dados pessoais foram apagados. O cliente agora aparece como "${result.name}".`,
          });
        },
        onError: (error) => toastError('Erro ao anonimizar o cliente', error),
      },
    );

  return (
    <AlertDialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent className="max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>Anonimizar cliente</AlertDialogTitle>
          <AlertDialogDescription>
            Pedido do titular pela LGPD. Esta ação é <strong>irreversível</strong>.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-3 text-sm">
          <div>
            <p className="font-medium">O que será apagado</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
              <li>
                Nome (passa a ser “Cliente anonimizado”), e-mail, telefone, data de nascimento, observações e etiquetas;
              </li>
              <li>CPF/CNPJ — guardamos só um código (hash) para os limites de beneficiários continuarem contando;</li>
              <li>Nome e CPF do cliente como passageiro nas emissões, e seus dados no histórico de auditoria.</li>
            </ul>
          </div>
          <div>
            <p className="font-medium">O que será mantido</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
              <li>Emissões, lotes, contas de fidelidade, lançamentos financeiros e seus valores;</li>
              <li>Quem fez cada alteração, quando e de onde.</li>
            </ul>
          </div>
          <FormField
            id="anonymize-confirm"
            className="pt-1"
            label={
              <span>
                Para confirmar, digite o nome do cliente: <span className="font-semibold">{client.name}</span>
              </span>
            }
            hint={
              matches
                ? 'Nome confere.'
                : 'O botão é liberado quando o nome confere (maiúsculas e acentos não importam).'
            }
          >
            <Input
              autoComplete="off"
              value={typed}
              disabled={busy}
              onChange={(event) => setTyped(event.target.value)}
            />
          </FormField>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={busy || !matches}>
            {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
            Anonimizar definitivamente
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
