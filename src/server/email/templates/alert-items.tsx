import { Link, Section, Text } from '@react-email/components';
import { formatCents, formatDate, formatPercent } from '../../../domain/format';
import type { AlertEmailItem } from './template-data';
import { appLink, styles } from './email-layout';

/** The label of an alert's link, by where it leads. */
function linkLabel(link: string): string {
  if (link.startsWith('/emissoes/')) return 'Ver emissão';
  if (link.startsWith('/lotes/')) return 'Ver lote';
  return 'Ver alertas';
}

/** The figures an alert's message does not carry: the expiry day, the margin against the revenue. */
export function alertDetails(alert: AlertEmailItem): string | null {
  if (alert.kind === 'lot_expiring' && alert.expiry_date) return `Vencimento: ${formatDate(alert.expiry_date)}`;
  if (alert.kind === 'margin_critical' && typeof alert.margin_cents === 'number') {
    const revenue = alert.revenue_cents ?? 0;
    const percent = revenue > 0 ? ` (${formatPercent((alert.margin_cents * 100) / revenue)} da receita)` : '';
    return `Margem: ${formatCents(alert.margin_cents)}${percent}`;
  }
  return null;
}

/** An e-mail lists this many alerts; the rest are counted and left to the Centro de Alertas. */
export const ALERTS_LISTED = 20;

export function AlertItems({ alerts, appUrl }: { alerts: readonly AlertEmailItem[]; appUrl: string }) {
  const rest = alerts.length - ALERTS_LISTED;
  return (
    <Section>
      {alerts.slice(0, ALERTS_LISTED).map((alert) => {
        const details = alertDetails(alert);
        return (
          <Section key={alert.id} style={styles.item}>
            <Text style={styles.itemTitle}>
              {alert.kind_label}
              {alert.resolved ? ' (já resolvido)' : ''}
            </Text>
            <Text style={{ ...styles.text, margin: '0 0 2px' }}>{alert.message}</Text>
            {details && <Text style={{ ...styles.muted, margin: '0 0 2px' }}>{details}</Text>}
            <Text style={{ ...styles.muted, margin: 0 }}>
              {alert.opened_on ? `Aberto em ${formatDate(alert.opened_on)} · ` : ''}
              <Link href={appLink(appUrl, alert.link)} style={styles.link}>
                {linkLabel(alert.link)}
              </Link>
            </Text>
          </Section>
        );
      })}
      {rest > 0 && (
        <Text style={styles.muted}>
          E mais {rest} {rest === 1 ? 'alerta' : 'alertas'} no Centro de Alertas.
        </Text>
      )}
    </Section>
  );
}
