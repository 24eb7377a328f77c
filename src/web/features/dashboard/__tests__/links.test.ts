import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_OVERDUE_DAYS,
  DASHBOARD_TREND_MONTHS,
  dashboardQuerySchema,
} from '@domain/dashboard/dashboard.schema';
import { SUMMARY_MAX_DAYS } from '@domain/finance/summary.schema';
import { readAlertListParams, DEFAULT_ALERT_LIST_STATE } from '@/features/alerts/list-params';
import { readClientListParams } from '@/features/clients/list-params';
import { readEmissionListParams } from '@/features/emissions/list-params';
import { readLotListParams } from '@/features/lots/list-params';
import { readReconciliationListParams } from '@/features/reconciliation/list-params';
import { activityHref, activityType } from '../activity';
import { MAX_PERIOD_DAYS, OVERDUE_DAYS, TREND_MONTHS } from '../constants';
import { dashboardLinks } from '../links';

/** The query of a link, as its page reads its address. */
const query = (href: string) => new URLSearchParams(href.split('?')[1] ?? '');

describe('dashboard links', () => {
  it('open each list filtered as the figure counts it', () => {
    expect(readLotListParams(query(dashboardLinks.availableLots()))).toMatchObject({
      status: 'available',
      program: null,
      sort: 'expiry_date',
      order: 'asc',
    });
    expect(readLotListParams(query(dashboardLinks.programLots('SMILES')))).toMatchObject({
      status: 'available',
      program: 'SMILES',
    });
    expect(readClientListParams(query(dashboardLinks.activeClients()))).toMatchObject({ status: 'active' });
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(readEmissionListParams(query(dashboardLinks.emissions(period)))).toMatchObject({
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      status: null,
    });
    expect(readEmissionListParams(query(dashboardLinks.monthEmissions('2028-02')))).toMatchObject({
      date_from: '2028-02-01',
      date_to: '2028-02-29',
    });
    expect(dashboardLinks.finance(period)).toBe('/financeiro?de=2026-11-01&ate=2026-11-30');
    expect(readAlertListParams(query(dashboardLinks.alerts()))).toEqual(DEFAULT_ALERT_LIST_STATE);
    expect(readReconciliationListParams(query(dashboardLinks.receivables('2026-10-27')))).toMatchObject({
      start: null,
      end: '2026-10-27',
    });
  });

  it('type each activity line and lead to its record, unless it is gone', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const line = (kind: string, ref_type: string | null, ref_id: string | null = id) => ({ kind, ref_type, ref_id });
    expect(activityType(line('emission_created', 'emission'))).toBe('emission');
    expect(activityHref(line('emission_issue', 'emission'))).toBe(`/emissoes/${id}`);
    expect(activityHref(line('client_updated', 'client'))).toBe(`/clientes/${id}`);
    expect(activityHref(line('lot_created', 'lot'))).toBe(`/lotes/${id}`);
    expect(activityHref(line('client_deleted', 'client'))).toBeNull();
    expect(activityHref(line('lots_deleted', null, null))).toBeNull();
    expect(activityHref(line('lots_expired', null, null))).toBe('/lotes?status=expired');
    expect(activityType(line('entries_posted', null, null))).toBe('finance');
    expect(activityHref(line('entry_created', 'entry'))).toBe('/conciliador');
    expect(activityHref(line('rule_updated', 'rule'))).toBe('/regras');
    expect(activityType(line('import_completed', 'import'))).toBe('import');
    expect(activityHref(line('import_undone', 'import'))).toBe('/importador');
    expect(activityType(line('something_else', null, null))).toBe('other');
    expect(activityHref(line('something_else', null, null))).toBeNull();
    // The miles flows (#23): their sections on /lotes; a card's instalments on /financeiro.
    expect(activityType(line('sale_created', 'sale'))).toBe('miles');
    expect(activityHref(line('transfer_created', 'transfer'))).toBe('/lotes');
    expect(activityHref(line('credit_received', 'credit'))).toBe('/lotes');
    expect(activityType(line('card_instalment_paid', 'lot'))).toBe('finance');
    expect(activityHref(line('card_instalment_paid', 'lot'))).toBe('/financeiro');
  });

  it('written-out constants are the schema’s (the page imports no schema)', () => {
    expect(OVERDUE_DAYS).toBe(DASHBOARD_OVERDUE_DAYS);
    expect(TREND_MONTHS).toBe(DASHBOARD_TREND_MONTHS);
    expect(MAX_PERIOD_DAYS).toBe(SUMMARY_MAX_DAYS);
    expect(dashboardQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
  });
});
