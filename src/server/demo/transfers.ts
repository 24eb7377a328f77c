import { sql } from 'drizzle-orm';
import { addDaysIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createLot } from '../lots/lots.service';
import { createTransfer } from '../transfers/transfers.service';
import { accountNumber, createRng } from './people';

interface DemoTransfer {
  from: ProgramKey;
  to: 'SMILES' | 'LATAM' | 'AZUL';
  points: number;
  /** R$ per thousand points paid for them (Livelo and Esfera sell around R$ 35–40). */
  pointsCpm: string;
  bonus: number;
  /** Days before today the points were bought and transferred, and the base and bonus credit days (negative: past). */
  boughtAgo: number;
  transferAgo: number;
  baseIn: number;
  bonusIn: number;
  extra?: string;
  notes?: string;
}

/**
 * Stock from where a Brazilian agency's stock really comes from (issue #23): Livelo and Esfera
 * points bought and transferred to Smiles, LATAM Pass and TudoAzul during bonus promotions. Some
 * transfers are all credited, some wait for their bonus ("a creditar"), one for its base.
 */
const PLAN: readonly DemoTransfer[] = [
  {
    from: 'LIVELO',
    to: 'SMILES',
    points: 100_000,
    pointsCpm: '35.0000',
    bonus: 100,
    boughtAgo: 95,
    transferAgo: 90,
    baseIn: -90,
    bonusIn: -75,
    notes: 'Promoção Smiles 100% de bônus.',
  },
  {
    from: 'ESFERA',
    to: 'LATAM',
    points: 80_000,
    pointsCpm: '38.0000',
    bonus: 80,
    boughtAgo: 50,
    transferAgo: 45,
    baseIn: -45,
    bonusIn: -20,
  },
  {
    from: 'LIVELO',
    to: 'AZUL',
    points: 60_000,
    pointsCpm: '36.5000',
    bonus: 90,
    boughtAgo: 20,
    transferAgo: 10,
    baseIn: -10,
    bonusIn: 20,
    extra: '49,90',
    notes: 'Exigia assinatura do Clube Livelo no mês.',
  },
  {
    from: 'LIVELO',
    to: 'SMILES',
    points: 50_000,
    pointsCpm: '35.0000',
    bonus: 100,
    boughtAgo: 3,
    transferAgo: 0,
    baseIn: 0,
    bonusIn: 15,
    notes: 'Bônus creditado em até 15 dias.',
  },
  {
    from: 'ESFERA',
    to: 'SMILES',
    points: 40_000,
    pointsCpm: '37.0000',
    bonus: 0,
    boughtAgo: 2,
    transferAgo: 1,
    baseIn: 2,
    bonusIn: 2,
  },
];

/** Each transfer for a different client holding the destination programme, with a points account of their own. */
export async function seedDemoTransfers(
  db: Database,
  { agencyId, userId, seed }: { agencyId: string; userId: string; seed: number },
) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const rng = createRng(seed + 23);
  const actor = { agencyId, userId };
  let made = 0;
  const used = new Set<string>();
  for (const plan of PLAN) {
    const [holder] = rowsOf<{ client_id: string; account_id: string }>(
      await db.execute(sql`SELECT c.id AS client_id, a.id AS account_id
        FROM loyalty_accounts a JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id AND c.deleted_at IS NULL
        WHERE a.agency_id = ${agencyId} AND a.program = ${plan.to} AND a.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM loyalty_accounts p WHERE p.agency_id = a.agency_id AND p.client_id = c.id AND p.program = ${plan.from})
          AND NOT (c.id = ANY(${`{${[...used].join(',')}}`}::uuid[]))
        ORDER BY md5(c.name), c.id LIMIT 1`),
    );
    if (!holder) continue;
    used.add(holder.client_id);
    const [points] = rowsOf<{ id: string }>(
      await db.execute(sql`INSERT INTO loyalty_accounts (agency_id, client_id, program, account_number)
        VALUES (${agencyId}, ${holder.client_id}, ${plan.from}, ${accountNumber(rng, plan.from)}) RETURNING id`),
    );
    const bought = addDaysIso(today, -plan.boughtAgo)!;
    await createLot(
      db,
      { ...actor, today },
      {
        program: plan.from,
        account_id: points!.id,
        original_quantity: plan.points,
        cost_per_mile: (Number(plan.pointsCpm) / 1000).toFixed(4),
        purchase_date: bought,
        expiry_date: addDaysIso(bought, 730),
        supplier: plan.from === 'LIVELO' ? 'Livelo (compra de pontos)' : 'Esfera (compra de pontos)',
      },
    );
    await createTransfer(
      db,
      { ...actor, today },
      {
        source_account_id: points!.id,
        destination_account_id: holder.account_id,
        points: plan.points,
        bonus_percent: plan.bonus,
        transfer_date: addDaysIso(today, -plan.transferAgo),
        base_credit_date: addDaysIso(today, plan.baseIn),
        bonus_credit_date: plan.bonus > 0 ? addDaysIso(today, plan.bonusIn) : null,
        extra_cost_cents: plan.extra ?? null,
        notes: plan.notes ?? null,
      },
    );
    made++;
  }
  return { transfers: made };
}
