import { and, count, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { EntryCategory, EntryKind, PaymentMethod } from '../../domain/finance/entry.schema';
import type { Db } from '../db/client';
import { emissions, financial_entries, mile_lots } from '../db/schema';

const columns = {
  id: financial_entries.id,
  kind: financial_entries.kind,
  category: financial_entries.category,
  amount_cents: financial_entries.amount_cents,
  description: financial_entries.description,
  payment_method: financial_entries.payment_method,
  installments: financial_entries.installments,
  entry_date: financial_entries.entry_date,
  ref_type: financial_entries.ref_type,
  emission_id: financial_entries.emission_id,
  lot_id: financial_entries.lot_id,
  created_at: financial_entries.created_at,
};

export interface EntryValues {
  kind: EntryKind;
  category: EntryCategory;
  /** Signed: expenses negative. */
  amount_cents: number;
  description: string | null;
  payment_method: PaymentMethod | null;
  installments: number | null;
  entry_date: string;
  ref_type: 'emission' | 'lot' | 'none';
  emission_id: string | null;
  lot_id: string | null;
}

/** A posting as read: what is written, its id and when. */
export type EntryRow = EntryValues & { id: string; created_at: string };

export interface EntryFilters {
  agencyId: string;
  from?: string;
  to?: string;
  kind?: EntryKind;
  category?: EntryCategory;
  payment_method?: PaymentMethod;
  emission_id?: string;
  lot_id?: string;
}

function filterConditions(f: EntryFilters): SQL[] {
  const conditions: SQL[] = [eq(financial_entries.agency_id, f.agencyId), isNull(financial_entries.deleted_at)];
  if (f.from) conditions.push(gte(financial_entries.entry_date, f.from));
  if (f.to) conditions.push(lte(financial_entries.entry_date, f.to));
  if (f.kind) conditions.push(eq(financial_entries.kind, f.kind));
  if (f.category) conditions.push(eq(financial_entries.category, f.category));
  if (f.payment_method) conditions.push(eq(financial_entries.payment_method, f.payment_method));
  if (f.emission_id) conditions.push(eq(financial_entries.emission_id, f.emission_id));
  if (f.lot_id) conditions.push(eq(financial_entries.lot_id, f.lot_id));
  return conditions;
}

/** A page of the agency's live postings, newest day first, with the count and the money in and out of the whole filtered set. */
export async function getEntriesPage(db: Db, f: EntryFilters & { offset: number; limit: number }) {
  const where = and(...filterConditions(f));
  const [rows, [sums]] = await Promise.all([
    db
      .select(columns)
      .from(financial_entries)
      .where(where)
      .orderBy(desc(financial_entries.entry_date), desc(financial_entries.created_at), desc(financial_entries.id))
      .offset(f.offset)
      .limit(f.limit),
    db
      .select({
        total: count(),
        in_cents: sql<string>`coalesce(sum(${financial_entries.amount_cents}) FILTER (WHERE ${financial_entries.amount_cents} > 0), 0)::text`,
        out_cents: sql<string>`coalesce(sum(${financial_entries.amount_cents}) FILTER (WHERE ${financial_entries.amount_cents} < 0), 0)::text`,
      })
      .from(financial_entries)
      .where(where),
  ]);
  return {
    rows: rows as EntryRow[],
    total: sums?.total ?? 0,
    in_cents: Number(sums?.in_cents ?? 0),
    out_cents: Number(sums?.out_cents ?? 0),
  };
}

export async function getEntry(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select(columns)
    .from(financial_entries)
    .where(
      and(
        eq(financial_entries.agency_id, agencyId),
        eq(financial_entries.id, id),
        isNull(financial_entries.deleted_at),
      ),
    );
  return (row as EntryRow | undefined) ?? null;
}

/** The posting, locked for an edit or a delete. */
export async function lockEntry(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select(columns)
    .from(financial_entries)
    .where(
      and(
        eq(financial_entries.agency_id, agencyId),
        eq(financial_entries.id, id),
        isNull(financial_entries.deleted_at),
      ),
    )
    .for('update');
  return (row as EntryRow | undefined) ?? null;
}

export async function insertEntry(
  db: Db,
  { agencyId, userId, values }: { agencyId: string; userId: string | null; values: EntryValues },
) {
  const [row] = await db
    .insert(financial_entries)
    .values({ agency_id: agencyId, created_by: userId, ...values })
    .returning({ id: financial_entries.id });
  return row!.id;
}

export async function updateEntryRow(
  db: Db,
  { agencyId, id, values }: { agencyId: string; id: string; values: EntryValues },
) {
  await db
    .update(financial_entries)
    .set(values)
    .where(and(eq(financial_entries.agency_id, agencyId), eq(financial_entries.id, id)));
}

export async function deleteEntryRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  await db
    .delete(financial_entries)
    .where(and(eq(financial_entries.agency_id, agencyId), eq(financial_entries.id, id)));
}

/** Whether the agency has this live emission (RLS scopes it too; another agency's is simply not there). */
export async function emissionExists(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({ id: emissions.id })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id), isNull(emissions.deleted_at)));
  return Boolean(row);
}

export async function lotExists(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({ id: mile_lots.id })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), eq(mile_lots.id, id), isNull(mile_lots.deleted_at)));
  return Boolean(row);
}
