// The suppliers registry (issue #23, docs/decisions/0029-transfers-and-credits.md, "Suppliers"):
// who the agency buys miles and points from, chosen on a lot, with what it bought from each in a
// period — miles, average cost per thousand, amount paid — read from the lots themselves.

import { randomUUID } from 'node:crypto';
import { diffFields } from '../../domain/audit/audit.rules';
import { todayIso } from '../../domain/format';
import {
  SUPPLIER_MESSAGES as M,
  type Supplier,
  type SupplierInput,
  type SupplierList,
  type SupplierListQuery,
} from '../../domain/suppliers/supplier.schema';
import { costPerThousandOf } from '../../domain/transfers/transfer.rules';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { withRetry } from '../db/retry';
import { supplierDuplicate, supplierNotFound } from './suppliers.errors';
import {
  findOrCreateSuppliers,
  getSupplierName,
  getSuppliers,
  insertSupplier,
  lockSupplier,
  updateSupplierRow,
  type SupplierRow,
} from './suppliers.queries';

export interface SupplierActor {
  agencyId: string;
  userId: string | null;
  today?: string;
}

const AUDITED_FIELDS = ['name', 'document', 'pix_key', 'contact', 'notes'] as const;

function figures(lots: number, miles: number, paid: number): Supplier['period'] {
  return {
    lots,
    miles,
    paid_cents: paid,
    average_cost_per_thousand: miles > 0 ? costPerThousandOf(paid, miles) : null,
  };
}

function toSupplierDto(row: SupplierRow): Supplier {
  const { lots, miles, paid_cents, ...supplier } = row;
  return { ...supplier, period: figures(lots, Number(miles), Number(paid_cents)) };
}

/** This year's first day to today: the list's period unless asked. */
export function defaultSupplierPeriod(today: string) {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

export async function listSuppliers(db: Db, actor: SupplierActor, query: SupplierListQuery): Promise<SupplierList> {
  const today = actor.today ?? todayIso();
  const period = defaultSupplierPeriod(today);
  const from = query.from ?? (query.to ? `${query.to.slice(0, 4)}-01-01` : period.from);
  const to = query.to ?? (query.from && query.from > today ? query.from : period.to);
  const rows = await getSuppliers(db, { agencyId: actor.agencyId, from, to });
  const data = rows.map(toSupplierDto);
  const sum = (pick: (s: Supplier) => number) => data.reduce((total, s) => total + pick(s), 0);
  return {
    from,
    to,
    data,
    totals: figures(
      sum((s) => s.period.lots),
      sum((s) => s.period.miles),
      sum((s) => s.period.paid_cents),
    ),
  };
}

export async function getSupplier(db: Db, actor: SupplierActor, id: string): Promise<Supplier> {
  const period = defaultSupplierPeriod(actor.today ?? todayIso());
  const [row] = await getSuppliers(db, { agencyId: actor.agencyId, ...period, id });
  if (!row) throw supplierNotFound();
  return toSupplierDto(row);
}

const valuesOf = (input: SupplierInput) => ({
  name: input.name,
  document: input.document,
  pix_key: input.pix_key ?? null,
  contact: input.contact ?? null,
  notes: input.notes ?? null,
});

/** POST /suppliers: 409 when the agency already has one of that name (any case). */
export async function createSupplier(db: Db, actor: SupplierActor, input: SupplierInput): Promise<Supplier> {
  const id = randomUUID();
  const values = valuesOf(input);
  const row = await insertSupplier(db, { agencyId: actor.agencyId, userId: actor.userId, id, values });
  if (!row) throw supplierDuplicate();
  await recordActivity(db, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    kind: 'supplier_created',
    description: `Fornecedor ${values.name} cadastrado`,
    refType: 'supplier',
    refId: id,
    changes: diffFields(null, values, AUDITED_FIELDS),
  });
  return getSupplier(db, actor, id);
}

/** PUT /suppliers/:id: the whole record; a new name reaches its lots in the same transaction. */
export async function updateSupplier(
  db: Db,
  actor: SupplierActor,
  id: string,
  input: SupplierInput,
): Promise<Supplier> {
  const values = valuesOf(input);
  await withRetry(db, async (tx) => {
    const existing = await lockSupplier(tx, { agencyId: actor.agencyId, id, name: values.name });
    if (!existing) throw supplierNotFound();
    if (existing.taken) throw supplierDuplicate();
    await updateSupplierRow(tx, { agencyId: actor.agencyId, id, values });
    const changes = diffFields(existing, values, AUDITED_FIELDS);
    if (changes) {
      await recordActivity(tx, {
        agencyId: actor.agencyId,
        userId: actor.userId,
        kind: 'supplier_updated',
        description: `Fornecedor ${values.name} atualizado`,
        refType: 'supplier',
        refId: id,
        changes,
      });
    }
  });
  return getSupplier(db, actor, id);
}

/**
 * A lot's supplier, in the caller's transaction: the one chosen (`supplier_id`; 404 on the field
 * when not this agency's), else the one of the typed name (found case aside, or created — the API
 * and the importer still send names), else none. Its name is what the lot's supplier text keeps.
 */
export async function resolveLotSupplier(
  db: Db,
  actor: SupplierActor,
  input: { supplier_id?: string | null; supplier: string | null },
): Promise<{ supplier_id: string | null; supplier: string | null }> {
  if (input.supplier_id) {
    const chosen = await getSupplierName(db, { agencyId: actor.agencyId, id: input.supplier_id });
    if (!chosen) throw supplierNotFound({ supplier_id: M.notFound });
    return { supplier_id: chosen.id, supplier: chosen.name };
  }
  const name = input.supplier?.trim().replace(/\s+/g, ' ');
  if (!name) return { supplier_id: null, supplier: null };
  const [found] = await findOrCreateSuppliers(db, { agencyId: actor.agencyId, userId: actor.userId, names: [name] });
  return { supplier_id: found!.id, supplier: found!.name };
}
