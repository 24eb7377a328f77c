import type { ProgramKey } from '@domain/programs';
import type { Period } from './period';

/*
 * Where each figure of the dashboard leads: the list it summarises, already filtered, in the
 * parameters those lists read from their address (features/*\/list-params.ts;
 * __tests__/links.test.ts reads these back with them).
 */

const withParams = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

export const dashboardLinks = {
  /** The lots that count to the balance, the average cost and the expiry warning, nearest expiry first. */
  availableLots: () => withParams('/lotes', { status: 'available' }),
  programLots: (program: ProgramKey) => withParams('/lotes', { program, status: 'available' }),
  /** The emissions created in the period (what the trends count). */
  emissions: (period: Period) => withParams('/emissoes', { de: period.from, ate: period.to }),
  /** One month of the chart: the emissions created in it. */
  monthEmissions: (month: string) => {
    const from = `${month}-01`;
    const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return withParams('/emissoes', { de: from, ate: `${month}-${String(last).padStart(2, '0')}` });
  },
  activeClients: () => withParams('/clientes', { status: 'active' }),
  client: (id: string) => `/clientes/${id}`,
  finance: (period: Period) => withParams('/financeiro', { de: period.from, ate: period.to }),
  /** The open alerts (the centre's first tab). */
  alerts: () => '/alertas',
  /** What the clients still owe: the reconciliation, up to `until` (the overdue ones) or all. */
  receivables: (until?: string) => withParams('/conciliador', until ? { ate: until } : {}),
};
