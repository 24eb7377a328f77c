import { formatNumber, formatPercent } from '@domain/format';
import { programName } from '@domain/programs';
import type { AccountOption } from './types';

export { formatCostPerThousand } from '@/lib/cost-format';

/** "1 milha", "10.000 milhas". */
export function milesText(miles: number): string {
  return `${formatNumber(miles)} ${miles === 1 ? 'milha' : 'milhas'}`;
}

/** "12,3%": one decimal place (the margin is stored with two). */
export function marginPercentText(percent: number): string {
  return formatPercent(percent, 1);
}

/** "LATAM Pass · 123456 (Viagens)": how an account reads in the picker and the review. */
export function accountLabel(account: Pick<AccountOption, 'program' | 'account_number' | 'nickname'>): string {
  return `${programName(account.program)} · ${account.account_number}${account.nickname ? ` (${account.nickname})` : ''}`;
}

/** Digits and one decimal separator, as money is typed in Brazil ("1.234,56"). */
export function maskMoney(typed: string): string {
  return typed.replace(/[^\d.,]/g, '').slice(0, 16);
}
