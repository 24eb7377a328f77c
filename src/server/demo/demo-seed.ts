import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import { todayIso } from '../../domain/format';
import { generateAgencyData, vacuumAnalyze } from './generate';
import { seedDemoPostings } from './postings';
import { backdateDemoFlowActivity, seedDemoActivity } from './activity';
import { scanAlerts } from '../alerts/alerts.service';
import { seedDemoImports } from './imports';
import { seedDemoQuotes } from './quotes';
import { seedDemoTransfers } from './transfers';
import { seedDemoClubs } from './clubs';
import { seedDemoCards } from './cards';
import { seedDemoSales } from './sales';
import { seedDemoSuppliers } from './suppliers';
import { seedDemoTeam } from './team';
import { seedDemoWebhooks } from './webhooks';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { agencies, program_rules, users } from '../db/schema';
import { ruleInputSchema, type RuleFormValues } from '../../domain/rules/rule.schema';

/** Shown on the sign-in page in demo mode only. */
export const DEMO_CREDENTIALS = { identifier: 'demo@milheiro.app', password: 'Demo12345' } as const;

/**
 * The demo agency's program rules (issue #15): the caps sit inside the demo's CPM ranges
 * (history.ts CPM_RANGE), so some lots show 'Alto CPMM' in the wizard; TudoAzul without a cap,
 * the other programmes on the defaults. Parsed by the form's schema, as the API would.
 */
export const DEMO_RULES: RuleFormValues[] = [
  {
    program: 'LATAM',
    min_margin_cents: '40,00',
    min_margin_percent: '12',
    default_rav_cents: '30,00',
    cpm_cap: '31',
    sla_target_hours: 24,
  },
  {
    program: 'SMILES',
    min_margin_cents: '30,00',
    min_margin_percent: '10',
    default_rav_cents: '25,00',
    cpm_cap: '20',
    sla_target_hours: 12,
  },
  {
    program: 'AZUL',
    min_margin_cents: '30,00',
    min_margin_percent: '10',
    default_rav_cents: '25,00',
    cpm_cap: null,
    sla_target_hours: 24,
  },
  {
    program: 'TAP',
    min_margin_cents: '80,00',
    min_margin_percent: '8',
    default_rav_cents: '50,00',
    cpm_cap: '40',
    sla_target_hours: 48,
  },
];

/** The demo agency (a travel agency in Natal/RN, as the spec's default agency) and its user. */
export async function seedDemo(db: Database, options: { clients: number; seed: number }) {
  const [agency] = await db
    .insert(agencies)
    .values({
      legal_name: 'Potiguar Viagens e Turismo Ltda',
      trade_name: 'Potiguar Milhas (demonstração)',
      cnpj: '11444777000161',
      registration_status: 'Ativa',
      opened_on: '2024-03-15',
      address: 'Av. Engenheiro Roberto Freire, 1000 - Ponta Negra, Natal/RN',
      main_activity_code: '7911-2/00',
      share_capital_cents: 5_000_000,
      email: 'contato@potiguarmilhas.com.br',
      phone: '8433334444',
      settings: { ...DEFAULT_SETTINGS },
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      agency_id: agency!.id,
      name: 'Usuária Demonstração',
      email: DEMO_CREDENTIALS.identifier,
      password_hash: await hashPassword(DEMO_CREDENTIALS.password),
      notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
    })
    .returning();
  await db
    .insert(program_rules)
    .values(DEMO_RULES.map((rule) => ({ agency_id: agency!.id, ...ruleInputSchema.parse(rule) })));
  const result = await generateAgencyData(db, {
    agencyId: agency!.id,
    userId: user!.id,
    clients: options.clients,
    seed: options.seed,
    // A year of a mid-size agency: six in ten clients issued, up to 16 times each.
    historyDays: 365,
    emissionShare: 0.6,
    maxEmissionsPerClient: 16,
    passengers: true,
  });
  await seedDemoPostings(db, { agencyId: agency!.id, userId: user!.id });
  await seedDemoSuppliers(db, { agencyId: agency!.id, userId: user!.id });
  await seedDemoActivity(db, { agencyId: agency!.id, userId: user!.id });
  // Before the webhooks: the emission a quote became is not in the ERP's delivery log as undelivered.
  await seedDemoQuotes(db, { agencyId: agency!.id, userId: user!.id });
  // The miles flows below write their activity through the services, at this moment: moved to their days after.
  const [clock] = rowsOf<{ since: string }>(await db.execute(sql`SELECT clock_timestamp()::text AS since`));
  await seedDemoTransfers(db, { agencyId: agency!.id, userId: user!.id, seed: options.seed });
  await seedDemoClubs(db, { agencyId: agency!.id, userId: user!.id });
  await seedDemoCards(db, { agencyId: agency!.id, userId: user!.id });
  await seedDemoSales(db, { agencyId: agency!.id, userId: user!.id });
  await backdateDemoFlowActivity(db, { agencyId: agency!.id, since: clock!.since });
  await seedDemoWebhooks(db, { agencyId: agency!.id });
  await seedDemoTeam(db, { agencyId: agency!.id, userId: user!.id });
  await seedDemoImports(db, {
    agencyId: agency!.id,
    userId: user!.id,
    firstDocument: options.clients + 1000,
    seed: options.seed,
  });
  // The alerts its year left open today: lots about to expire, emissions past their SLA or below their margin.
  await scanAlerts(db, { agencyId: agency!.id, today: todayIso(), now: new Date().toISOString() });
  await vacuumAnalyze(db);
  return { agency: agency!, user: user!, result };
}
