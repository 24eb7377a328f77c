import { sql } from 'drizzle-orm';
import { addDaysIso, addMonthsIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import { createClub } from '../clubs/clubs.service';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

interface DemoClub {
  program: ProgramKey;
  plan: string;
  miles: number;
  price: string;
  billingDay: number;
  payment: 'card' | 'pix';
  /** Months before today it began, and (when it ended) days before today it did. */
  startedMonthsAgo: number;
  endedDaysAgo?: number;
}

/**
 * Club subscriptions as agencies keep them (issue #23): a year of Clube Smiles, half a year of
 * Clube LATAM Pass, and a Clube Livelo cancelled two months ago. Each month since its start is a
 * lot with its purchase posted, billed by the same code as the clubs.monthly job.
 */
const PLAN: readonly DemoClub[] = [
  {
    program: 'SMILES',
    plan: 'Clube Smiles 10.000',
    miles: 10_000,
    price: '399,00',
    billingDay: 5,
    payment: 'card',
    startedMonthsAgo: 12,
  },
  {
    program: 'LATAM',
    plan: 'Clube LATAM Pass 5.000',
    miles: 5_000,
    price: '219,00',
    billingDay: 15,
    payment: 'pix',
    startedMonthsAgo: 7,
  },
  {
    program: 'LIVELO',
    plan: 'Clube Livelo Clássico',
    miles: 2_000,
    price: '79,90',
    billingDay: 31,
    payment: 'card',
    startedMonthsAgo: 9,
    endedDaysAgo: 60,
  },
];

export async function seedDemoClubs(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const actor = { agencyId, userId, today };
  let made = 0;
  for (const plan of PLAN) {
    const [account] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT a.id FROM loyalty_accounts a
        JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id AND c.deleted_at IS NULL
        WHERE a.agency_id = ${agencyId} AND a.program = ${plan.program} AND a.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM mile_clubs k WHERE k.agency_id = a.agency_id AND k.account_id = a.id)
        ORDER BY md5(c.name || 'clube'), a.id LIMIT 1`),
    );
    if (!account) continue;
    await createClub(db, actor, {
      account_id: account.id,
      plan_name: plan.plan,
      miles_per_month: plan.miles,
      monthly_price_cents: plan.price,
      billing_day: plan.billingDay,
      start_date: addDaysIso(addMonthsIso(today, -plan.startedMonthsAgo)!, -3),
      payment_method: plan.payment,
      end_date: plan.endedDaysAgo === undefined ? null : addDaysIso(today, -plan.endedDaysAgo),
    });
    made++;
  }
  return { clubs: made };
}
