import type { Page } from 'playwright-core';
import { ListPage } from './list-page';

/** /alertas (spec part 2 §2 "Centro de Alertas"): the tabs, the filters, the rows and the header bell. */
export class AlertsPage extends ListPage {
  constructor(page: Page) {
    super(page, { path: '/alertas', heading: 'Centro de Alertas', rowTestId: 'alert-row', noun: 'alertas' });
  }

  tab(label: 'Expiração' | 'SLA Estourado' | 'Margem Crítica') {
    return this.page.getByRole('tab', { name: new RegExp(`^${label}`) });
  }

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  /** The total-alerts badge beside the title. */
  total() {
    return this.page.getByTestId('alerts-total');
  }

  /** The header's bell: a menu of the user's notifications, named by its unread count. */
  bell() {
    return this.page.getByTestId('alerts-bell');
  }

  markAllRead() {
    return this.button('Marcar todos como lidos');
  }

  filter(label: 'Filtrar por programa' | 'Filtrar por conta' | 'Situação dos alertas') {
    return this.page.getByLabel(label, { exact: true });
  }
}
