import { sql } from 'drizzle-orm';
import { addDaysIso, addMonthsIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import { createCard, payInstalment } from '../cards/cards.service';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLot } from '../lots/lots.service';

interface DemoCardPurchase {
  program: ProgramKey;
  quantity: number;
  /** R$ per mile (point), as the lot form takes it. */
  costPerMile: string;
  instalments: number;
  boughtDaysAgo: number;
  supplier: string;
}

const PURCHASES: readonly DemoCardPurchase[] = [
  {
    program: 'LIVELO',
    quantity: 50_000,
    costPerMile: '0.0350',
    instalments: 10,
    boughtDaysAgo: 130,
    supplier: 'Livelo (compra de pontos)',
  },
  {
    program: 'SMILES',
    quantity: 30_000,
    costPerMile: '0.0180',
    instalments: 6,
    boughtDaysAgo: 55,
    supplier: 'Smiles (compra de milhas)',
  },
  {
    program: 'ESFERA',
    quantity: 20_000,
    costPerMile: '0.0370',
    instalments: 3,
    boughtDaysAgo: 8,
    supplier: 'Esfera (compra de pontos)',
  },
];

/**
 * The agency's cards and points bought on them in instalments (issue #23): two cards; Livelo
 * points in 10×, Smiles miles in 6×, Esfera points in 3×. The instalments due before today are
 * paid on their day, but the latest of the Smiles purchase, left overdue as agencies sometimes do.
 */
export async function seedDemoCards(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const actor = { agencyId, userId, today };
  const itau = await createCard(db, actor, {
    name: 'Itaú Personnalité',
    brand: 'visa',
    closing_day: 5,
    due_day: 15,
    limit_cents: 3_000_000,
  });
  const nubank = await createCard(db, actor, {
    name: 'Nubank Ultravioleta',
    brand: 'mastercard',
    closing_day: 28,
    due_day: 7,
    limit_cents: null,
  });
  for (const [i, plan] of PURCHASES.entries()) {
    const [account] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT a.id FROM loyalty_accounts a
        WHERE a.agency_id = ${agencyId} AND a.program = ${plan.program} AND a.deleted_at IS NULL
        ORDER BY md5(a.id::text || 'cartao'), a.id LIMIT 1`),
    );
    if (!account) continue;
    const bought = addDaysIso(today, -plan.boughtDaysAgo)!;
    await createLot(db, actor, {
      program: plan.program,
      account_id: account.id,
      original_quantity: plan.quantity,
      cost_per_mile: plan.costPerMile,
      purchase_date: bought,
      expiry_date: addMonthsIso(bought, 24),
      supplier: plan.supplier,
      card_id: i === 1 ? nubank.id : itau.id,
      instalments: plan.instalments,
    });
  }
  const due = rowsOf<{ id: string; due_date: string; card_id: string }>(
    await db.execute(sql`SELECT id, due_date::text AS due_date, card_id FROM card_payables
      WHERE agency_id = ${agencyId} AND due_date < ${today}::date ORDER BY due_date DESC`),
  );
  // The latest Nubank bill (55 days after a purchase one has always come) is left unpaid.
  const unpaid = due.find((p) => p.card_id === nubank.id)?.id;
  for (const payable of due) {
    if (payable.id === unpaid) continue;
    await payInstalment(db, { ...actor, today: payable.due_date }, payable.id, { paid_on: payable.due_date });
  }
  return { cards: 2 };
}
