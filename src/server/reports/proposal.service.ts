import { sql } from 'drizzle-orm';
import { proposalText } from '../../domain/quotes/proposal';
import type { ProposalSent } from '../../domain/reports/report.schema';
import type { Transaction } from '../db/client';
import { notifyOutbox } from '../events/events.queries';
import { AppError } from '../http/errors';
import { changeQuoteStatus, getQuote } from '../quotes/quotes.service';
import { keepReport } from './reports.service';

interface Actor {
  agencyId: string;
  userId: string | null;
  sessionId: string;
  today: string;
}

/** The statuses a proposal may be sent from: a draft, or again after it was sent. */
const SENDABLE = new Set(['draft', 'sent']);

/**
 * "Enviar Proposta" (issue #19): the quote's proposal as a PDF (kept in its history), e-mailed to the
 * client with the PDF attached through the notifications outbox when the client has an e-mail
 * (held there, never lost, without SMTP), and the quote marked sent — all in the request's
 * transaction. An expired, declined or accepted quote is refused (409).
 */
export async function sendProposal(db: Transaction, actor: Actor, quoteId: string): Promise<ProposalSent> {
  const quote = await getQuote(db, { agencyId: actor.agencyId, id: quoteId });
  if (!SENDABLE.has(quote.status)) {
    throw new AppError(
      'QUOTE_NOT_SENDABLE',
      'Só é possível enviar a proposta de uma cotação em rascunho ou já enviada.',
      {
        status: 409,
      },
    );
  }
  const { report, fileId, proposal } = await keepReport(db, actor, { ref_type: 'quote', ref_id: quoteId });
  let emailedTo: string | null = null;
  if (quote.client_email && proposal) {
    const data = {
      client_name: quote.client_name,
      route: quote.route,
      text: proposalText(proposal),
      attachments: [{ file_id: fileId, file_name: report.file_name }],
    };
    await db.execute(sql`
      INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
      VALUES (${actor.agencyId}, ${actor.userId}, ${quote.client_email}, 'proposal', ${JSON.stringify(data)}::jsonb)`);
    await notifyOutbox(db, 'email');
    emailedTo = quote.client_email;
  }
  const updated = quote.status === 'draft' ? await changeQuoteStatus(db, actor, quoteId, 'sent') : quote;
  return { report, emailed_to: emailedTo, quote_status: updated.status };
}
