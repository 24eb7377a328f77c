import { sql } from 'drizzle-orm';
import { AUDIT_SYSTEM_USER } from '../../domain/audit/audit.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// What the agency holds about one client (LGPD art. 18 II, "acesso aos dados"), read whole: the
// export is a rare request about one person, so each part is one plain query by its indexes.
// Centavos as float8: node-postgres answers bigint as text, and the file shows numbers.

type Row = Record<string, unknown>;

const one = async (db: Db, query: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(query));

/** The client's row, locked when it is about to change; null when it is not the agency's live client. */
export async function getLgpdClient(
  db: Db,
  { agencyId, id, lock = false }: { agencyId: string; id: string; lock?: boolean },
) {
  const [row] = rowsOf<{
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    document: string | null;
    document_hash: string | null;
    birth_date: string | null;
    status: string;
    tags: string[];
    notes: string | null;
    anonymized_at: string | null;
    created_at: string;
    updated_at: string;
  }>(
    await db.execute(sql`
      SELECT id, name, email, phone, document, document_hash, birth_date::text AS birth_date, status, tags, notes,
        anonymized_at::text AS anonymized_at, created_at::text AS created_at, updated_at::text AS updated_at
      FROM clients
      WHERE agency_id = ${agencyId}::uuid AND id = ${id}::uuid AND deleted_at IS NULL
      ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return row ?? null;
}

/** Everything but the client's row, each part newest first. */
export async function getLgpdHoldings(
  db: Db,
  { agencyId, clientId, passengerCpf }: { agencyId: string; clientId: string; passengerCpf: string | null },
) {
  const accounts = await one(
    db,
    sql`SELECT id, program, account_number, nickname, created_at::text AS created_at
      FROM loyalty_accounts WHERE agency_id = ${agencyId}::uuid AND client_id = ${clientId}::uuid AND deleted_at IS NULL
      ORDER BY program, account_number`,
  );
  const lots = await one(
    db,
    sql`SELECT l.id, l.account_id, l.program, l.account_number, l.original_quantity, l.remaining_quantity,
        l.total_cost_cents::float8 AS total_cost_cents, l.cost_per_thousand::text AS cost_per_thousand, l.purchase_date::text AS purchase_date,
        l.expiry_date::text AS expiry_date, l.supplier, l.notes, l.status, l.created_at::text AS created_at
      FROM mile_lots l
      JOIN loyalty_accounts a ON a.agency_id = l.agency_id AND a.id = l.account_id
      WHERE l.agency_id = ${agencyId}::uuid AND a.client_id = ${clientId}::uuid AND l.deleted_at IS NULL
      ORDER BY l.purchase_date DESC, l.id`,
  );
  const emissionsAsBuyer = await one(
    db,
    sql`SELECT e.id, e.account_id, e.pnr, e.route, e.departure_date::text AS departure_date, e.miles_used,
        e.fees_cents::float8 AS fees_cents, e.revenue_cents::float8 AS revenue_cents, e.rav_cents::float8 AS rav_cents, e.status, e.created_at::text AS created_at,
        e.issued_at::text AS issued_at, e.cancelled_at::text AS cancelled_at,
        coalesce((SELECT jsonb_agg(jsonb_build_object('name', p.name, 'cpf', p.cpf) ORDER BY p.name)
          FROM emission_passengers p WHERE p.agency_id = e.agency_id AND p.emission_id = e.id), '[]'::jsonb) AS passengers
      FROM emissions e
      WHERE e.agency_id = ${agencyId}::uuid AND e.client_id = ${clientId}::uuid AND e.deleted_at IS NULL
      ORDER BY e.created_at DESC, e.id`,
  );
  const emissionsAsPassenger = passengerCpf
    ? await one(
        db,
        sql`SELECT e.id AS emission_id, e.route, e.departure_date::text AS departure_date, e.status,
              e.created_at::text AS created_at, p.name AS passenger_name, p.cpf AS passenger_cpf,
              e.client_id = ${clientId}::uuid AS bought_by_this_client
            FROM emission_passengers p
            JOIN emissions e ON e.agency_id = p.agency_id AND e.id = p.emission_id
            WHERE p.agency_id = ${agencyId}::uuid AND p.cpf = ${passengerCpf} AND e.deleted_at IS NULL
            ORDER BY e.created_at DESC, e.id`,
      )
    : [];
  const postings = await one(
    db,
    sql`SELECT f.id, f.kind, f.category, f.amount_cents::float8 AS amount_cents, f.description, f.payment_method, f.installments,
        f.entry_date::text AS entry_date, f.emission_id, f.lot_id, f.created_at::text AS created_at
      FROM financial_entries f
      WHERE f.agency_id = ${agencyId}::uuid AND f.deleted_at IS NULL AND (
        f.emission_id IN (SELECT e.id FROM emissions e WHERE e.agency_id = ${agencyId}::uuid AND e.client_id = ${clientId}::uuid)
        OR f.lot_id IN (SELECT l.id FROM mile_lots l JOIN loyalty_accounts a ON a.agency_id = l.agency_id AND a.id = l.account_id
          WHERE l.agency_id = ${agencyId}::uuid AND a.client_id = ${clientId}::uuid))
      ORDER BY f.entry_date DESC, f.id`,
  );
  const quotes = await one(
    db,
    sql`SELECT q.id, q.status, q.program, q.route, q.departure_date::text AS departure_date,
        q.return_date::text AS return_date, q.passengers, q.notes, q.miles, q.price_cents::float8 AS price_cents,
        q.valid_until::text AS valid_until, q.emission_id, q.created_at::text AS created_at
      FROM quotes q WHERE q.agency_id = ${agencyId}::uuid AND q.client_id = ${clientId}::uuid
      ORDER BY q.created_at DESC, q.id`,
  );
  const activity = await one(
    db,
    sql`SELECT a.created_at::text AS created_at, a.kind, coalesce(u.name, ${AUDIT_SYSTEM_USER}) AS user_name,
        a.description, a.ref_type, a.ref_id, a.changes
      FROM activity a
      LEFT JOIN users u ON u.id = a.user_id
      WHERE a.agency_id = ${agencyId}::uuid AND (
        (a.ref_type = 'client' AND a.ref_id = ${clientId}::uuid)
        OR (a.ref_type = 'emission' AND a.ref_id IN (SELECT e.id FROM emissions e WHERE e.agency_id = ${agencyId}::uuid AND e.client_id = ${clientId}::uuid))
        OR (a.ref_type = 'quote' AND a.ref_id IN (SELECT q.id FROM quotes q WHERE q.agency_id = ${agencyId}::uuid AND q.client_id = ${clientId}::uuid)))
      ORDER BY a.created_at DESC, a.id DESC`,
  );
  return { accounts, lots, emissionsAsBuyer, emissionsAsPassenger, postings, quotes, activity };
}

/** The personal fields erased, the CPF's hash kept, money and stock untouched (their rows are not this one). */
export async function anonymizeClientRow(
  db: Db,
  { agencyId, id, name, documentHash }: { agencyId: string; id: string; name: string; documentHash: string | null },
) {
  const [row] = rowsOf<{ anonymized_at: string }>(
    await db.execute(sql`
      UPDATE clients SET name = ${name}, email = NULL, phone = NULL, document = NULL, document_hash = ${documentHash},
        birth_date = NULL, notes = NULL, tags = '{}'::text[], anonymized_at = now(), updated_at = now()
      WHERE agency_id = ${agencyId}::uuid AND id = ${id}::uuid
      RETURNING anonymized_at::text AS anonymized_at`),
  );
  return row!;
}

/** The person's passenger rows, in any emission of the agency: the CPF becomes its stand-in, the name the client's new one. */
export async function anonymizePassengers(
  db: Db,
  { agencyId, cpf, pseudonym, name }: { agencyId: string; cpf: string; pseudonym: string; name: string },
): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE emission_passengers SET cpf = ${pseudonym}, name = ${name}
      WHERE agency_id = ${agencyId}::uuid AND cpf = ${cpf}
      RETURNING id`),
  );
  return rows.length;
}

/** The audit lines about the client lose its old name and personal values (migration 0034). */
export async function redactClientActivity(db: Db, { clientId, oldName }: { clientId: string; oldName: string }) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT app_redact_client_activity(${clientId}::uuid, ${oldName}) AS n`),
  );
  return Number(row?.n ?? 0);
}
