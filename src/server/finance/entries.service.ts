import { formatCents } from '../../domain/format';
import {
  ENTRY_CATEGORY_LABELS,
  ENTRY_MESSAGES,
  entryInputSchema,
  type Entry,
  type EntryInput,
  type EntryList,
  type EntryListQuery,
} from '../../domain/finance/entry.schema';
import { diffFields } from '../../domain/audit/audit.rules';
import type { AuditChanges } from '../../domain/audit/audit.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { validationError } from '../http/errors';
import { paged, pageRows } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { entryNotFound, entryOfALot, entryOfASale } from './entries.errors';
import {
  deleteEntryRow,
  emissionExists,
  getEntriesPage,
  getEntry,
  insertEntry,
  lockEntry,
  lotExists,
  updateEntryRow,
  type EntryRow,
  type EntryValues,
} from './entries.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

const toDto = (row: EntryRow): Entry => ({ ...row, amount_cents: Number(row.amount_cents) });

/** The row to write: the amount signed by its kind, the reference it names (checked to be the agency's). */
async function entryValues(db: Db, agencyId: string, input: EntryInput): Promise<EntryValues> {
  if (input.emission_id && !(await emissionExists(db, { agencyId, id: input.emission_id }))) {
    throw validationError({ emission_id: ENTRY_MESSAGES.emission });
  }
  if (input.lot_id && !(await lotExists(db, { agencyId, id: input.lot_id }))) {
    throw validationError({ lot_id: ENTRY_MESSAGES.lot });
  }
  return {
    kind: input.kind,
    category: input.category,
    amount_cents: input.kind === 'expense' ? -input.amount_cents : input.amount_cents,
    description: input.description,
    payment_method: input.payment_method ?? null,
    installments: input.installments ?? null,
    entry_date: input.entry_date,
    ref_type: input.emission_id ? 'emission' : input.lot_id ? 'lot' : 'none',
    emission_id: input.emission_id ?? null,
    lot_id: input.lot_id ?? null,
  };
}

/** "Lançamento Taxas de R$ 120,00" — how the activity feed names a posting. */
const entryLabel = (values: Pick<EntryValues, 'category' | 'amount_cents'>) =>
  `Lançamento ${ENTRY_CATEGORY_LABELS[values.category]} de ${formatCents(Math.abs(values.amount_cents))}`;

const CHANGED = { created: 'criado', updated: 'atualizado', deleted: 'excluído' } as const;

/** The fields of a posting whose changes the audit log keeps (before/after). */
const AUDITED_FIELDS = [
  'kind',
  'category',
  'amount_cents',
  'description',
  'payment_method',
  'installments',
  'entry_date',
  'emission_id',
  'lot_id',
] as const satisfies readonly (keyof EntryValues)[];

function recordEntryChange(
  db: Db,
  actor: Actor,
  change: keyof typeof CHANGED,
  id: string,
  values: EntryValues,
  changes?: AuditChanges | null,
) {
  return recordActivity(db, {
    ...actor,
    kind: `entry_${change}`,
    description: `${entryLabel(values)} ${CHANGED[change]}`,
    refType: 'entry',
    refId: id,
    changes,
  });
}

export async function listEntries(db: Db, agencyId: string, query: EntryListQuery): Promise<EntryList> {
  const { page, limit, ...filters } = query;
  const result = await getEntriesPage(db, { agencyId, ...filters, ...pageRows({ page, limit }) });
  return {
    ...paged(result.rows.map(toDto), result.total, { page, limit }),
    totals: { in_cents: result.in_cents, out_cents: result.out_cents },
  };
}

export async function getEntryDetail(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<Entry> {
  const row = await getEntry(db, { agencyId, id });
  if (!row) throw entryNotFound();
  return toDto(row);
}

/** A posting, with its activity line, in the request's transaction. */
export async function createEntry(db: Db, actor: Actor, body: unknown): Promise<Entry> {
  const values = await entryValues(db, actor.agencyId, parseOrThrow(entryInputSchema, body));
  const id = await insertEntry(db, { agencyId: actor.agencyId, userId: actor.userId, values });
  await recordEntryChange(db, actor, 'created', id, values);
  return getEntryDetail(db, { agencyId: actor.agencyId, id });
}

/** Saves the whole posting. A lot's purchase posting follows its lot and is refused here. */
export async function updateEntry(db: Db, actor: Actor, id: string, body: unknown): Promise<Entry> {
  const existing = await lockEntry(db, { agencyId: actor.agencyId, id });
  if (!existing) throw entryNotFound();
  if (existing.category === 'lot_purchase') throw entryOfALot();
  if (existing.category === 'miles_sale') throw entryOfASale();
  const values = await entryValues(db, actor.agencyId, parseOrThrow(entryInputSchema, body));
  await updateEntryRow(db, { agencyId: actor.agencyId, id, values });
  const changes = diffFields({ ...existing, amount_cents: Number(existing.amount_cents) }, values, AUDITED_FIELDS);
  await recordEntryChange(db, actor, 'updated', id, values, changes);
  return getEntryDetail(db, { agencyId: actor.agencyId, id });
}

export async function deleteEntry(db: Db, actor: Actor, id: string): Promise<void> {
  const existing = await lockEntry(db, { agencyId: actor.agencyId, id });
  if (!existing) throw entryNotFound();
  if (existing.category === 'lot_purchase') throw entryOfALot();
  if (existing.category === 'miles_sale') throw entryOfASale();
  await deleteEntryRow(db, { agencyId: actor.agencyId, id });
  await recordEntryChange(db, actor, 'deleted', id, { ...existing, amount_cents: Number(existing.amount_cents) });
}
