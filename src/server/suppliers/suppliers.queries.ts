// The SQL of the suppliers registry (issue #23, decision 0029 "Suppliers"). A supplier's figures
// are read from its live lots of the period (mile_lots_supplier_idx); its name is copied into its
// lots' supplier text, which the lots' search and lists read.

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface SupplierRow {
  id: string;
  name: string;
  document: string | null;
  pix_key: string | null;
  contact: string | null;
  notes: string | null;
  created_at: string;
  lots: number;
  miles: string | number;
  paid_cents: string | number;
}

export interface SupplierValues {
  name: string;
  document: string | null;
  pix_key: string | null;
  contact: string | null;
  notes: string | null;
}

/** The agency's suppliers (or one), by name, each with its lots bought from `from` to `to`. */
export async function getSuppliers(db: Db, params: { agencyId: string; from: string; to: string; id?: string }) {
  const { agencyId } = params;
  return rowsOf<SupplierRow>(
    await db.execute(sql`SELECT s.id, s.name, s.document, s.pix_key, s.contact, s.notes, s.created_at::text AS created_at,
        coalesce(f.lots, 0)::int AS lots, coalesce(f.miles, 0)::bigint AS miles, coalesce(f.paid, 0)::bigint AS paid_cents
      FROM suppliers s
      LEFT JOIN (
        SELECT l.supplier_id, count(*) AS lots, sum(l.original_quantity) AS miles, sum(l.total_cost_cents) AS paid
        FROM mile_lots l
        WHERE l.agency_id = ${agencyId} AND l.supplier_id IS NOT NULL AND l.deleted_at IS NULL
          AND l.purchase_date BETWEEN ${params.from}::date AND ${params.to}::date
          ${params.id ? sql`AND l.supplier_id = ${params.id}` : sql``}
        GROUP BY l.supplier_id
      ) f ON f.supplier_id = s.id
      WHERE s.agency_id = ${agencyId} ${params.id ? sql`AND s.id = ${params.id}` : sql``}
      ORDER BY lower(s.name), s.id`),
  );
}

/** Inserts the supplier; null when the agency already has one of that name (any case). */
export async function insertSupplier(
  db: Db,
  params: { agencyId: string; userId: string | null; id: string; values: SupplierValues },
) {
  const v = params.values;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`INSERT INTO suppliers (id, agency_id, name, document, pix_key, contact, notes, created_by)
      VALUES (${params.id}, ${params.agencyId}, ${v.name}, ${v.document}, ${v.pix_key}, ${v.contact}, ${v.notes}, ${params.userId})
      ON CONFLICT (agency_id, lower(name)) DO NOTHING RETURNING id`),
  );
  return row ?? null;
}

/** The supplier, locked, and whether another of the agency's has `name`. */
export async function lockSupplier(db: Db, { agencyId, id, name }: { agencyId: string; id: string; name: string }) {
  const [row] = rowsOf<SupplierValues & { id: string; taken: boolean }>(
    await db.execute(sql`SELECT s.id, s.name, s.document, s.pix_key, s.contact, s.notes,
        EXISTS (SELECT 1 FROM suppliers o WHERE o.agency_id = s.agency_id AND lower(o.name) = lower(${name}) AND o.id <> s.id) AS taken
      FROM suppliers s WHERE s.agency_id = ${agencyId} AND s.id = ${id} FOR NO KEY UPDATE`),
  );
  return row ?? null;
}

/** Saves the supplier; a new name is copied into its lots in the same statement. */
export async function updateSupplierRow(db: Db, params: { agencyId: string; id: string; values: SupplierValues }) {
  const v = params.values;
  await db.execute(sql`WITH saved AS (
      UPDATE suppliers SET name = ${v.name}, document = ${v.document}, pix_key = ${v.pix_key}, contact = ${v.contact},
        notes = ${v.notes}, updated_at = now()
      WHERE agency_id = ${params.agencyId} AND id = ${params.id}
      RETURNING id, name
    )
    UPDATE mile_lots l SET supplier = saved.name, updated_at = now()
    FROM saved
    WHERE l.agency_id = ${params.agencyId} AND l.supplier_id = saved.id AND l.supplier IS DISTINCT FROM saved.name`);
}

/** A lot's supplier: the one named by id (null when not this agency's). */
export async function getSupplierName(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`SELECT id, name FROM suppliers WHERE agency_id = ${agencyId} AND id = ${id}`),
  );
  return row ?? null;
}

/**
 * The suppliers of these names (case aside), created when new: one statement, whatever the count,
 * and a second one only for names another transaction added meanwhile — its row conflicts with
 * ours (so ours is not inserted) but committed after this statement's snapshot, so only a new
 * statement sees it.
 */
export async function findOrCreateSuppliers(
  db: Db,
  { agencyId, userId, names }: { agencyId: string; userId: string | null; names: string[] },
) {
  if (names.length === 0) return [];
  const found = rowsOf<{ id: string; name: string; key: string }>(
    await db.execute(sql`WITH wanted AS (
        SELECT DISTINCT ON (lower(n)) n AS name FROM jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) AS n
        ORDER BY lower(n), n
      ), created AS (
        INSERT INTO suppliers (agency_id, name, created_by)
        SELECT ${agencyId}, name, ${userId} FROM wanted
        ON CONFLICT (agency_id, lower(name)) DO NOTHING
        RETURNING id, name
      )
      SELECT id, name, lower(name) AS key FROM created
      UNION ALL
      SELECT s.id, s.name, lower(s.name) FROM suppliers s JOIN wanted w ON lower(w.name) = lower(s.name)
      WHERE s.agency_id = ${agencyId}`),
  );
  const have = new Set(found.map((f) => f.key));
  const missing = [...new Set(names.map((n) => n.toLowerCase()))].filter((k) => !have.has(k));
  if (missing.length === 0) return found;
  const late = rowsOf<{ id: string; name: string; key: string }>(
    await db.execute(sql`SELECT id, name, lower(name) AS key FROM suppliers
      WHERE agency_id = ${agencyId} AND lower(name) IN (SELECT jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))`),
  );
  return [...found, ...late];
}
