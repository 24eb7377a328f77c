import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cnpjAt } from './people';

/** The registry's details of the suppliers the demo's lots name (issue #23): the brokers with CNPJ, PIX and contact. */
const DETAILS: Record<string, { document: string; pix_key: string; contact: string; notes?: string }> = {
  Hotmilhas: {
    document: cnpjAt(801),
    pix_key: 'financeiro@hotmilhas.com.br',
    contact: '(31) 3512-4400',
    notes: 'Pagamento à vista por PIX; milhas em até 2 dias úteis.',
  },
  MaxMilhas: { document: cnpjAt(802), pix_key: cnpjAt(802), contact: 'parceiros@maxmilhas.com.br' },
  'Fornecedor parceiro RN': {
    document: cnpjAt(803),
    pix_key: '(84) 99812-3344',
    contact: 'Marcos Tavares — (84) 99812-3344',
    notes: 'Parceiro de Natal; vende Smiles e LATAM Pass.',
  },
  'Compra direta': {
    document: cnpjAt(804),
    pix_key: 'compras@milheiro.app',
    contact: 'Compras feitas nos sites dos programas',
  },
};

/**
 * The demo's lots were written with their suppliers typed (the generator's bulk inserts): they join
 * the registry as the migration would have it (one supplier per name, case aside; lots a transfer or
 * club credited left alone), and the main ones get their CNPJ, PIX key and contact.
 */
export async function seedDemoSuppliers(db: Database, { agencyId, userId }: { agencyId: string; userId: string }) {
  await db.execute(sql`INSERT INTO suppliers (agency_id, name, created_by)
    SELECT DISTINCT ON (lower(trim(l.supplier))) l.agency_id, trim(l.supplier), ${userId}::uuid
    FROM mile_lots l
    WHERE l.agency_id = ${agencyId} AND trim(coalesce(l.supplier, '')) <> ''
      AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id)
    ORDER BY lower(trim(l.supplier)), l.created_at, l.id
    ON CONFLICT (agency_id, lower(name)) DO NOTHING`);
  await db.execute(sql`UPDATE mile_lots l SET supplier_id = s.id, supplier = s.name
    FROM suppliers s
    WHERE l.agency_id = ${agencyId} AND s.agency_id = l.agency_id AND l.supplier_id IS NULL
      AND lower(s.name) = lower(trim(l.supplier))
      AND NOT EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = l.agency_id AND c.lot_id = l.id)`);
  await db.execute(sql`UPDATE suppliers s SET document = d.document, pix_key = d.pix_key, contact = d.contact, notes = d.notes
    FROM jsonb_to_recordset(${JSON.stringify(Object.entries(DETAILS).map(([name, d]) => ({ name, ...d })))}::jsonb)
      AS d(name text, document text, pix_key text, contact text, notes text)
    WHERE s.agency_id = ${agencyId} AND s.name = d.name`);
}
