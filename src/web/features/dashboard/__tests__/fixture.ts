import { dashboardSchema, type Dashboard } from '@domain/dashboard/dashboard.schema';

/** A dashboard answer as the API gives it (parsed by its schema, so the fixture keeps its shape), with overrides. */
export function dashboardFixture(
  overrides: { kpis?: Partial<Dashboard['kpis']> } & Partial<Omit<Dashboard, 'kpis'>> = {},
) {
  const { kpis, ...rest } = overrides;
  return dashboardSchema.parse({
    period: { from: '2026-11-01', to: '2026-11-30' },
    counted_through: '2026-11-30',
    previous_period: { from: '2026-10-01', to: '2026-10-31' },
    agency: {
      trade_name: 'Potiguar Milhas',
      legal_name: 'Potiguar Viagens e Turismo Ltda',
      cnpj: '11222333000181',
      opened_on: '2024-03-15',
      address: 'Av. Engenheiro Roberto Freire, 1000 - Natal/RN',
      registration_status: 'ATIVA',
      main_activity_code: '7911-2/00',
    },
    kpis: {
      miles_balance: 125_000,
      miles_purchased: { current: 50_000, previous: 40_000 },
      profit_cents: { current: 150_000, previous: 200_000 },
      revenue_cents: { current: 1_000_000, previous: 900_000 },
      active_emissions: 12,
      emissions_created: { current: 3, previous: 3 },
      active_clients: 41,
      clients_created: { current: 2, previous: 0 },
      average_cost_per_thousand: '20.5123',
      purchase_cost_per_thousand: { current: '19.0000', previous: '20.0000' },
      lots_expiring: 2,
      lots_expiring_days: 30,
      pending_alerts: 0,
      alerts_opened: { current: 1, previous: 4 },
      ...kpis,
    },
    top_clients: [],
    recent_activity: [],
    monthly: [],
    miles_by_program: [],
    expiring: [
      { days: 30, lots: 2, miles: 20_000, value_cents: 36_000 },
      { days: 60, lots: 3, miles: 30_000, value_cents: 54_000 },
      { days: 90, lots: 3, miles: 30_000, value_cents: 54_000 },
    ],
    receivables: { total_cents: 0, overdue_cents: 0 },
    sla: { count: 0, average_hours: null, p95_hours: null },
    summary: { portfolio_value_cents: 0, utilisation_percent: 0, clients: 1, lots: 1, emissions: 1 },
    ...rest,
  });
}
