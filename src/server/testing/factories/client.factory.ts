import type { Db } from '../../db/client';
import { clients } from '../../db/schema';

function mod11(digits: number[], firstWeight: number): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (firstWeight - i), 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A valid CPF (11 digits) from any non-negative number, e.g. validCpf(1) → "00000000191". */
export function validCpf(n: number): string {
  const base = String(n % 1_000_000_000)
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (base.every((d) => d === base[0])) base[8] = (base[8]! + 1) % 10;
  const d1 = mod11(base, 10);
  const d2 = mod11([...base, d1], 11);
  return [...base, d1, d2].join('');
}

/** A client written straight to the database (test setup), with overrides. */
export async function createClientRow(db: Db, agencyId: string, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({ agency_id: agencyId, name: 'Cliente Teste', ...overrides })
    .returning();
  return row!;
}
