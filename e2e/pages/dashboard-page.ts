import type { Page } from 'playwright-core';
import type { KpiKey } from '../../src/web/features/dashboard/trends';

/** / (spec part 1 §2 "Dashboard (/)"): the KPI cards, the period, the panels and the states. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1, name: 'Dashboard' });
  }

  /** A KPI card (a link to the list it summarises). */
  kpi(key: KpiKey) {
    return this.page.getByTestId(`kpi-${key}`);
  }

  kpiValue(key: KpiKey) {
    return this.kpi(key).getByTestId('kpi-value');
  }

  kpiTrend(key: KpiKey) {
    return this.kpi(key).getByTestId('kpi-trend');
  }

  skeletons() {
    return this.page.getByTestId('kpi-skeleton');
  }

  empty() {
    return this.page.getByTestId('dashboard-empty');
  }

  refresh() {
    return this.page.getByRole('button', { name: 'Atualizar', exact: true });
  }

  period() {
    return this.page.getByRole('combobox', { name: 'Período' });
  }

  /** The period on screen: "novembro de 2026", "01/01/2025 a 31/01/2025". */
  periodLabel() {
    return this.page.getByTestId('dashboard-period');
  }

  /** The custom period's boxes. */
  periodDay(which: 'from' | 'to') {
    return this.page.getByLabel(which === 'from' ? 'Data inicial' : 'Data final');
  }

  topClients() {
    return this.page.getByRole('list', { name: 'Top Clientes' });
  }

  activity() {
    return this.page.getByRole('list', { name: 'Atividades Recentes' });
  }

  agency() {
    return this.page.getByTestId('agency-card');
  }

  monthlyTable() {
    return this.page.getByRole('table', { name: /Receita, custo e lucro por mês/ });
  }
}
