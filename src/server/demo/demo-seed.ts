import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import { generateAgencyData, vacuumAnalyze } from './generate';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { agencies, users } from '../db/schema';

/** Shown on the sign-in page in demo mode only. */
export const DEMO_CREDENTIALS = { identifier: 'demo@milheiro.app', password: 'Demo12345' } as const;

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
  await vacuumAnalyze(db);
  return { agency: agency!, user: user!, result };
}
