import type { Dashboard } from '@domain/dashboard/dashboard.schema';

type Activity = Dashboard['recent_activity'][number];

export type ActivityType = 'emission' | 'client' | 'lot' | 'miles' | 'quote' | 'finance' | 'rule' | 'import' | 'other';

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  emission: 'Emissão',
  client: 'Cliente',
  lot: 'Lote',
  miles: 'Milhas',
  quote: 'Cotação',
  finance: 'Financeiro',
  rule: 'Regra',
  import: 'Importação',
  other: 'Atividade',
};

/*
 * The activity log's kinds (src/server/activity: client_created, lots_deleted, entry_updated,
 * entries_posted, emission_issue, import_completed…) start with the record they are about.
 */
const TYPE_BY_PREFIX: Record<string, ActivityType> = {
  emission: 'emission',
  emissions: 'emission',
  client: 'client',
  clients: 'client',
  lot: 'lot',
  lots: 'lot',
  quote: 'quote',
  quotes: 'quote',
  entry: 'finance',
  entries: 'finance',
  posting: 'finance',
  rule: 'rule',
  rules: 'rule',
  import: 'import',
  // Where miles come from and go (#23): their sections are on /lotes; cards' instalments on /financeiro.
  transfer: 'miles',
  credit: 'miles',
  credits: 'miles',
  club: 'miles',
  sale: 'miles',
  supplier: 'miles',
  card: 'finance',
};

export function activityType(a: Pick<Activity, 'kind' | 'ref_type'>): ActivityType {
  return TYPE_BY_PREFIX[a.kind.split('_')[0] ?? ''] ?? TYPE_BY_PREFIX[a.ref_type ?? ''] ?? 'other';
}

/**
 * Where a line leads: its record's page, or the page of its kind. None for a deletion (the
 * record is gone) or a line about no record.
 */
export function activityHref(a: Pick<Activity, 'kind' | 'ref_type' | 'ref_id'>): string | null {
  if (a.kind.endsWith('_deleted')) return null;
  const type = activityType(a);
  if (a.ref_id !== null) {
    if (type === 'emission') return `/emissoes/${a.ref_id}`;
    if (type === 'client') return `/clientes/${a.ref_id}`;
    if (type === 'lot') return `/lotes/${a.ref_id}`;
    if (type === 'quote') return `/cotacoes/${a.ref_id}`;
  }
  if (a.kind === 'lots_expired') return '/lotes?status=expired';
  if (type === 'miles') return '/lotes';
  if (a.kind.startsWith('card_')) return '/financeiro';
  if (type === 'finance') return '/conciliador';
  if (type === 'rule') return '/regras';
  if (type === 'import') return '/importador';
  return null;
}
