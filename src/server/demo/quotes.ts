import { sql } from 'drizzle-orm';
import { onlyDigits } from '../../domain/documents';
import { addDaysIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import { makeQuoteInputSchema, type QuoteFormValues, type QuoteStatus } from '../../domain/quotes/quote.schema';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createEmission } from '../emissions/emissions.service';
import { createQuote } from '../quotes/quotes.service';

interface DemoQuote {
  route: string;
  miles: number;
  fees: string;
  markup: string;
  rav_mode: 'revenue' | 'cost';
  /** From the account's cheapest lot, or the programme's stock. */
  fromLot: boolean;
  /** Hours before now the quote was saved. */
  hoursAgo: number;
  validity: number;
  departIn: number;
  returnAfter: number | null;
  status: QuoteStatus | 'converted';
  notes?: string;
}

/**
 * The last weeks of quotes of a working agency, newest first: drafts of today, proposals sent and
 * waiting, accepted ones (one already an emission), a declined one and some that expired
 * unanswered. Routes from Natal and the Northeast, as the agency's emissions.
 */
const PLAN: readonly DemoQuote[] = [
  {
    route: 'NAT-GRU-NAT',
    miles: 36_000,
    fees: '289,90',
    markup: '15',
    rav_mode: 'revenue',
    fromLot: true,
    hoursAgo: 2,
    validity: 48,
    departIn: 34,
    returnAfter: 6,
    status: 'draft',
  },
  {
    route: 'NAT-LIS',
    miles: 92_000,
    fees: '1.245,30',
    markup: '12',
    rav_mode: 'cost',
    fromLot: false,
    hoursAgo: 5,
    validity: 72,
    departIn: 62,
    returnAfter: null,
    status: 'sent',
    notes: 'Tarifa com 1 bagagem de 23 kg por passageiro.',
  },
  {
    route: 'REC-BSB-REC',
    miles: 24_000,
    fees: '156,40',
    markup: '18',
    rav_mode: 'revenue',
    fromLot: true,
    hoursAgo: 20,
    validity: 48,
    departIn: 21,
    returnAfter: 4,
    status: 'sent',
  },
  {
    route: 'NAT-CGH',
    miles: 18_500,
    fees: '98,70',
    markup: '15',
    rav_mode: 'revenue',
    fromLot: false,
    hoursAgo: 30,
    validity: 48,
    departIn: 15,
    returnAfter: null,
    status: 'accepted',
  },
  {
    route: 'FOR-GRU-FOR',
    miles: 30_000,
    fees: '212,50',
    markup: '14',
    rav_mode: 'cost',
    fromLot: true,
    hoursAgo: 52,
    validity: 72,
    departIn: 40,
    returnAfter: 10,
    status: 'converted',
  },
  {
    route: 'NAT-MCO-NAT',
    miles: 140_000,
    fees: '2.410,80',
    markup: '10',
    rav_mode: 'revenue',
    fromLot: false,
    hoursAgo: 80,
    validity: 72,
    departIn: 90,
    returnAfter: 12,
    status: 'declined',
    notes: 'Cliente preferiu voo direto de Recife.',
  },
  {
    route: 'SSA-GIG',
    miles: 15_000,
    fees: '84,30',
    markup: '20',
    rav_mode: 'revenue',
    fromLot: false,
    hoursAgo: 120,
    validity: 48,
    departIn: 25,
    returnAfter: null,
    status: 'expired',
  },
  {
    route: 'NAT-POA-NAT',
    miles: 42_000,
    fees: '310,20',
    markup: '15',
    rav_mode: 'revenue',
    fromLot: true,
    hoursAgo: 170,
    validity: 48,
    departIn: 30,
    returnAfter: 5,
    status: 'expired',
  },
  {
    route: 'JPA-GRU',
    miles: 21_000,
    fees: '132,00',
    markup: '16',
    rav_mode: 'cost',
    fromLot: false,
    hoursAgo: 240,
    validity: 168,
    departIn: 18,
    returnAfter: null,
    status: 'accepted',
  },
  {
    route: 'NAT-BSB',
    miles: 16_000,
    fees: '91,50',
    markup: '15',
    rav_mode: 'revenue',
    fromLot: false,
    hoursAgo: 330,
    validity: 48,
    departIn: 12,
    returnAfter: null,
    status: 'expired',
  },
];

interface DemoAccount {
  account_id: string;
  client_id: string;
  client_name: string;
  document: string | null;
  program: ProgramKey;
  lot_id: string;
}

/**
 * The demo agency's quotes (issue #19), saved through the quotes service as "Salvar Cotação" saves
 * them (the figures are the simulator's), then moved back in time to their day, with their status
 * and its moment; the converted one becomes an emission through the emissions service.
 */
export async function seedDemoQuotes(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  // Clients' accounts holding an available lot of at least 150,000 miles, one per client.
  const accounts = rowsOf<DemoAccount>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT DISTINCT ON (c.id) a.id AS account_id, c.id AS client_id, c.name AS client_name, c.document,
          a.program, l.id AS lot_id
        FROM loyalty_accounts a
        JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id AND c.deleted_at IS NULL
        JOIN mile_lots l ON l.agency_id = a.agency_id AND l.account_id = a.id AND l.deleted_at IS NULL
          AND l.status = 'available' AND l.remaining_quantity >= 150000
          AND (l.expiry_date IS NULL OR l.expiry_date > ${addDaysIso(today, 120)}::date)
        WHERE a.agency_id = ${agencyId} AND a.deleted_at IS NULL AND a.program IN ('LATAM', 'SMILES', 'AZUL')
        ORDER BY c.id, l.cost_per_thousand, l.id
      ) picked
      -- Any clients, not the first of the alphabet; the same ones for the same seed (names come from it).
      ORDER BY md5(client_name), client_id
      LIMIT ${PLAN.length}`),
  );
  const schema = makeQuoteInputSchema(() => today);
  const actor = { agencyId, userId };
  let made = 0;
  for (const [i, plan] of PLAN.entries()) {
    const account = accounts[i];
    if (!account) break;
    const body: QuoteFormValues = {
      program: account.program,
      client_id: account.client_id,
      account_id: account.account_id,
      lot_id: plan.fromLot ? account.lot_id : null,
      miles: plan.miles,
      fees_cents: plan.fees,
      rav_cents: '50,00',
      rav_mode: plan.rav_mode,
      markup_percent: plan.markup,
      route: plan.route,
      departure_date: addDaysIso(today, plan.departIn),
      return_date: plan.returnAfter === null ? null : addDaysIso(today, plan.departIn + plan.returnAfter),
      passengers: plan.route.endsWith('-NAT')
        ? [account.client_name, `${i % 2 === 0 ? 'Ana' : 'Pedro'} ${account.client_name.split(' ').at(-1)}`]
        : [account.client_name],
      validity_hours: plan.validity,
      notes: plan.notes ?? null,
    };
    const quote = await createQuote(db, actor, schema.parse(body), { today });
    if (plan.status === 'converted') {
      const cpf = onlyDigits(account.document ?? '');
      await db.transaction((tx) =>
        createEmission(
          tx,
          actor,
          {
            client_id: account.client_id,
            account_id: account.account_id,
            route: quote.route,
            miles_used: quote.miles,
            fees_cents: quote.fees_cents,
            revenue_cents: quote.price_cents,
            rav_cents: quote.rav_mode === 'cost' ? quote.rav_cents : 0,
            pnr: null,
            departure_date: quote.departure_date,
            passengers: [{ name: account.client_name, cpf: cpf.length === 11 ? cpf : '52998224725' }],
            lot_ids: [],
            quote_id: quote.id,
          },
          { today },
        ),
      );
    }
    const status = plan.status === 'converted' ? 'accepted' : plan.status;
    // Back to the day it was saved; each status at a believable moment after.
    await db.execute(sql`
      UPDATE quotes SET
        created_at = now() - make_interval(hours => ${plan.hoursAgo}),
        valid_until = now() - make_interval(hours => ${plan.hoursAgo}) + make_interval(hours => validity_hours),
        status = ${status},
        sent_at = CASE WHEN ${status} IN ('sent', 'accepted', 'declined', 'expired') AND ${plan.hoursAgo} > 1
          THEN now() - make_interval(hours => ${plan.hoursAgo}) + interval '40 minutes' END,
        -- A converted quote was accepted when its emission was created (now); another one, hours after it was sent.
        accepted_at = CASE WHEN ${plan.status} = 'converted' THEN accepted_at
          WHEN ${status} = 'accepted' THEN now() - make_interval(hours => ${plan.hoursAgo}) + interval '5 hours' END,
        declined_at = CASE WHEN ${status} = 'declined' THEN now() - make_interval(hours => ${plan.hoursAgo}) + interval '26 hours' END,
        expired_at = CASE WHEN ${status} = 'expired' THEN now() - make_interval(hours => ${plan.hoursAgo}) + make_interval(hours => validity_hours) END,
        updated_at = now() - make_interval(hours => ${Math.max(0, plan.hoursAgo - 6)})
      WHERE agency_id = ${agencyId} AND id = ${quote.id}`);
    await db.execute(sql`
      UPDATE activity SET created_at = now() - make_interval(hours => ${plan.hoursAgo})
      WHERE agency_id = ${agencyId} AND ref_id = ${quote.id} AND kind = 'quote_created'`);
    made++;
  }
  return { quotes: made };
}
