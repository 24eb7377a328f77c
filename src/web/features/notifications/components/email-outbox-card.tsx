import { useState } from 'react';
import { EyeIcon, MailIcon, MailWarningIcon } from 'lucide-react';
import { emailTemplateLabel, type EmailOutboxItem } from '@domain/email/email.schema';
import { formatDateTime, formatNumber } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { cn } from '@/lib/utils';
import { useEmailOutbox } from '../api/get-email-outbox';
import { EmailMessageDialog } from './email-message-dialog';
import { EmailStatusBadge } from './email-status-badge';

const COLUMNS = ['Data', 'Para', 'Assunto', 'Situação', 'Tentativas', 'Ações'] as const;

/**
 * /config → Notificações: the e-mails the agency's users were sent or that wait, held when no SMTP
 * server is configured (issue #16, "nothing lost"). Every user is the agency's admin until roles
 * arrive (#20).
 */
export function EmailOutboxCard() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<EmailOutboxItem | null>(null);
  const outbox = useEmailOutbox(page);
  const result = outbox.data;

  return (
    <Card className="gap-0 pb-0" role="region" aria-labelledby="email-outbox-title">
      <CardHeader className="pb-4">
        <CardTitle id="email-outbox-title">Caixa de saída de e-mails</CardTitle>
        <CardDescription>
          Os e-mails que o Milheiro enviou ou vai enviar aos usuários da agência: alertas, resumos diários e avisos de
          webhooks.
        </CardDescription>
      </CardHeader>
      {result && !result.smtp_configured && (
        <CardContent className="pb-4">
          <Alert variant="warning" role="status">
            <MailWarningIcon aria-hidden="true" />
            <AlertTitle>Envio de e-mails não configurado</AlertTitle>
            <AlertDescription>
              Nenhum servidor SMTP foi configurado (SMTP_URL), então os e-mails não saem: ficam guardados aqui com a
              situação “Retido”, para você ler. Nenhuma mensagem se perde.
            </AlertDescription>
          </Alert>
        </CardContent>
      )}
      {outbox.isError && !result ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar e-mails" query={outbox} />
        </CardContent>
      ) : result && result.total === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t px-6 py-10 text-center">
          <MailIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">Nenhum e-mail ainda</p>
          <p className="text-sm text-muted-foreground">
            Quando um alerta abrir para quem pediu aviso por e-mail, a mensagem aparece aqui.
          </p>
        </div>
      ) : (
        <div className="border-t">
          {/* Phones: one card per message (the table would need a sideways scroll). */}
          <ul className="divide-y sm:hidden" aria-label="E-mails da caixa de saída" aria-busy={!result}>
            {!result
              ? Array.from({ length: 3 }, (_row, i) => (
                  <li key={i} className="space-y-2 p-4">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-4 w-56" />
                  </li>
                ))
              : result.data.map((message) => (
                  <li key={message.id} data-testid="email-outbox-item" className="space-y-1.5 p-4">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {formatDateTime(message.created_at)}
                      </span>
                      <EmailStatusBadge status={message.status} />
                    </div>
                    <p
                      className={cn(
                        'text-sm font-medium break-words',
                        message.subject === null && 'text-muted-foreground',
                      )}
                    >
                      {message.subject ?? 'Ainda não montado'}
                    </p>
                    <p className="text-xs break-all text-muted-foreground">
                      {message.to_address} · {emailTemplateLabel(message.template)} · {formatNumber(message.attempts)}{' '}
                      {message.attempts === 1 ? 'tentativa' : 'tentativas'}
                    </p>
                    <Button
                      variant="outline"
                      size="sm"
                      className="w-full"
                      aria-label={`Ver e-mail: ${message.subject ?? message.to_address}`}
                      onClick={() => setOpen(message)}
                    >
                      <EyeIcon aria-hidden="true" />
                      Ver
                    </Button>
                  </li>
                ))}
          </ul>
          <div className="hidden sm:block">
            <Table
              className="min-w-[720px]"
              aria-label="E-mails da caixa de saída"
              aria-busy={!result || outbox.isPlaceholderData}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  {COLUMNS.map((header) => (
                    <TableHead key={header} className={cn(header === 'Tentativas' && 'text-right')}>
                      {header === 'Ações' ? <span className="sr-only">Ações</span> : header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody className={cn('transition-opacity', outbox.isPlaceholderData && 'opacity-60')}>
                {!result
                  ? Array.from({ length: 3 }, (_row, i) => (
                      <TableRow key={i} className="hover:bg-transparent">
                        {COLUMNS.map((header) => (
                          <TableCell key={header}>
                            <Skeleton className="h-4 w-16" />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : result.data.map((message) => (
                      <TableRow
                        key={message.id}
                        data-testid="email-outbox-row"
                        className="cursor-pointer"
                        onClick={() => setOpen(message)}
                      >
                        <TableCell className="whitespace-nowrap tabular-nums">
                          {formatDateTime(message.created_at)}
                        </TableCell>
                        <TableCell>
                          <TruncatedText text={message.to_address} className="block max-w-48 truncate" />
                        </TableCell>
                        <TableCell>
                          <TruncatedText
                            text={message.subject ?? 'Ainda não montado'}
                            className={cn(
                              'block max-w-72 truncate',
                              message.subject === null && 'text-muted-foreground',
                            )}
                          />
                          <span className="text-xs text-muted-foreground">{emailTemplateLabel(message.template)}</span>
                        </TableCell>
                        <TableCell>
                          <EmailStatusBadge status={message.status} />
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatNumber(message.attempts)}</TableCell>
                        <TableCell className="text-right">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Ver e-mail: ${message.subject ?? message.to_address}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              setOpen(message);
                            }}
                          >
                            <EyeIcon aria-hidden="true" />
                            Ver
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          </div>
          <PaginationFooter list={result} itemLabel="e-mails" onPageChange={setPage} />
        </div>
      )}
      <EmailMessageDialog message={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
