import { sql } from 'drizzle-orm';
import { addDaysIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { cancelSale, createSale, receiveInstalment } from '../sales/sales.service';
import { cnpjAt, cpfAt } from './people';

interface DemoSale {
  program: ProgramKey;
  miles: number;
  buyer: string;
  document: string;
  contact: string;
  /** Days before today it was sold, and its first instalment's due day (negative: past). */
  soldAgo: number;
  firstDueIn: number;
  instalments: number;
  /** R$ the thousand above what the miles cost on average. */
  markupCents: number;
  cancelled?: boolean;
  notes?: string;
}

/**
 * Stock that would not be used in time, sold to buyers (issue #23): a broker paying in three
 * instalments (two received), a person paying at once (late), and a sale the buyer gave up on.
 */
const PLAN: readonly DemoSale[] = [
  {
    program: 'SMILES',
    miles: 60_000,
    buyer: 'Milhas Já Intermediação Ltda',
    document: cnpjAt(901),
    contact: 'financeiro@milhasja.com.br',
    soldAgo: 40,
    firstDueIn: -40,
    instalments: 3,
    markupCents: 350,
    notes: 'Milhas que venceriam antes da alta temporada.',
  },
  {
    program: 'LATAM',
    miles: 25_000,
    buyer: 'Ricardo Almeida Nunes',
    document: cpfAt(90_001),
    contact: '(11) 98765-4321',
    soldAgo: 12,
    firstDueIn: -5,
    instalments: 1,
    markupCents: 400,
  },
  {
    program: 'AZUL',
    miles: 20_000,
    buyer: 'Viaje Mais Turismo Ltda',
    document: cnpjAt(902),
    contact: 'compras@viajemais.com.br',
    soldAgo: 70,
    firstDueIn: -40,
    instalments: 2,
    markupCents: 300,
    cancelled: true,
    notes: 'O comprador desistiu antes de pagar.',
  },
];

/** Each sale from the agency's own account of its programme, at a price above what the miles cost there. */
export async function seedDemoSales(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const actor = { agencyId, userId, today };
  let made = 0;
  for (const plan of PLAN) {
    const [account] = rowsOf<{ id: string; cpm: string }>(
      await db.execute(sql`SELECT l.account_id AS id, (sum(l.remaining_quantity * l.cost_per_thousand) / sum(l.remaining_quantity))::text AS cpm
        FROM mile_lots l JOIN loyalty_accounts a ON a.agency_id = l.agency_id AND a.id = l.account_id AND a.client_id IS NULL
        WHERE l.agency_id = ${agencyId} AND l.program = ${plan.program} AND l.deleted_at IS NULL AND l.status = 'available'
          AND l.remaining_quantity > 0 AND (l.expiry_date IS NULL OR l.expiry_date >= ${today}::date)
        GROUP BY l.account_id HAVING sum(l.remaining_quantity) >= ${plan.miles}
        ORDER BY sum(l.remaining_quantity) DESC, l.account_id LIMIT 1`),
    );
    if (!account) continue;
    // The average cost rounded up to R$ 0,50, plus the markup: a price a broker would pay.
    const price = Math.ceil((Number(account.cpm) * 100) / 50) * 50 + plan.markupCents;
    const soldOn = addDaysIso(today, -plan.soldAgo)!;
    const sale = await createSale(db, actor, {
      account_id: account.id,
      buyer_name: plan.buyer,
      buyer_document: plan.document,
      buyer_contact: plan.contact,
      miles: plan.miles,
      price_per_thousand_cents: price,
      sale_date: soldOn,
      instalments: plan.instalments,
      first_due_date: addDaysIso(today, plan.firstDueIn),
      notes: plan.notes ?? null,
    });
    if (plan.cancelled) {
      await cancelSale(db, actor, sale.id);
    } else {
      // Every instalment due until a week ago came in on its day, by PIX; the newer ones are late or to come.
      for (const r of sale.receivables.filter((x) => x.due_date <= addDaysIso(today, -7)!)) {
        await receiveInstalment(db, actor, r.id, { received_on: r.due_date, payment_method: 'pix' });
      }
    }
    made++;
  }
  return { sales: made };
}
