import { randomInt } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_SETTINGS } from '../../../domain/agency/agency.schema';
import type { Database } from '../../db/client';
import { agencies, users } from '../../db/schema';
import { hashPassword, TEST_PASSWORD_COST } from '../../auth/password';

/** A CNPJ with valid check digits (random base), so factories never collide. */
export function randomCnpj(): string {
  const base = Array.from({ length: 8 }, () => randomInt(10)).concat([0, 0, 0, 1]);
  const digit = (nums: number[]) => {
    const weights = nums.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = nums.reduce((acc, n, i) => acc + n * weights[i]!, 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

export const TEST_PASSWORD = 'Senha1234';

/** An agency with one user, written straight to the database (as a second tenant for isolation tests). */
export async function createAgencyWithUser(
  db: Database,
  overrides: {
    agency?: Partial<typeof agencies.$inferInsert>;
    user?: Partial<typeof users.$inferInsert>;
    password?: string;
  } = {},
) {
  const n = randomInt(1_000_000);
  const [agency] = await db
    .insert(agencies)
    .values({
      legal_name: `Agência Teste ${n} Ltda`,
      trade_name: `Agência ${n}`,
      cnpj: randomCnpj(),
      settings: { ...DEFAULT_SETTINGS },
      ...overrides.agency,
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      agency_id: agency!.id,
      name: `Usuária ${n}`,
      email: `user${n}@agencia${n}.com.br`,
      password_hash: await hashPassword(overrides.password ?? TEST_PASSWORD, TEST_PASSWORD_COST),
      notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
      ...overrides.user,
    })
    .returning();
  return { agency: agency!, user: user!, password: overrides.password ?? TEST_PASSWORD };
}
