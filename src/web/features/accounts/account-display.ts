import { countBeneficiaries, type BeneficiaryCount } from '@domain/emissions/beneficiaries';
import { addDaysIso, addMonthsIso, formatDate, formatNumber, isValidIsoDate } from '@domain/format';
import { isPointsProgram, programName, type BeneficiaryLimitKind } from '@domain/programs';
import type { AccountBeneficiaries, AccountHistory, Movement } from './types';

// ---------------------------------------------------------------------------------------------
// Balances and movements

/** "100.000 milhas", "1 milha"; a points programme's balance in points ("25.000 pontos"). */
export function quantityText(quantity: number, program: string): string {
  const [one, many] = isPointsProgram(program) ? ['ponto', 'pontos'] : ['milha', 'milhas'];
  return `${formatNumber(quantity)} ${Math.abs(quantity) === 1 ? one : many}`;
}

/**
 * 'O saldo (170.000) difere do histórico (100.000)' when the lots' balance is not the recount of
 * the movements (something is missing from the history); null when they agree.
 */
export function balanceMismatchText(history: Pick<AccountHistory, 'balance_miles' | 'recount_miles'>): string | null {
  if (history.balance_miles === history.recount_miles) return null;
  return `O saldo (${formatNumber(history.balance_miles)}) difere do histórico (${formatNumber(history.recount_miles)})`;
}

/** U+2212: a minus as wide as the plus, that screen readers read as "menos". */
const MINUS = '\u2212';

/** "+100.000", "−30.000", "0": the direction written out, not shown by colour alone (WCAG 1.4.1). */
export function signedMilesText(miles: number): string {
  if (miles > 0) return `+${formatNumber(miles)}`;
  if (miles < 0) return `${MINUS}${formatNumber(-miles)}`;
  return formatNumber(0);
}

/** How a movement's miles are coloured: in, out, or still to come (in no balance). */
export type MovementTone = 'in' | 'out' | 'pending' | 'none';

export function movementTone(movement: Pick<Movement, 'kind' | 'miles'>): MovementTone {
  if (movement.kind === 'to_come') return 'pending';
  if (movement.miles > 0) return 'in';
  return movement.miles < 0 ? 'out' : 'none';
}

export interface MovementDetail {
  text: string;
  /** The record's page, when it has one. */
  to: string | null;
}

/**
 * What a movement is and where it leads: an emission's PNR and route (its page), a lot's supplier
 * (its page), the programme a transfer went to, the programme a credit comes from.
 */
export function movementDetail(movement: Pick<Movement, 'detail' | 'ref_type' | 'ref_id'>): MovementDetail {
  const detail = movement.detail.trim();
  switch (movement.ref_type) {
    case 'emission':
      return { text: detail || 'Ver emissão', to: `/emissoes/${movement.ref_id}` };
    case 'lot':
      return { text: detail || 'Ver lote', to: `/lotes/${movement.ref_id}` };
    case 'transfer':
      return { text: detail ? `Para ${programName(detail)}` : 'Transferência', to: null };
    case 'credit':
      return { text: detail ? `Transferência de ${programName(detail)}` : 'Transferência', to: null };
    case 'sale':
      return { text: detail ? `Para ${detail}` : 'Venda de milhas', to: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Beneficiaries

/** The day the date field starts on: 30 days after the agency's today. */
export function defaultBeneficiaryDay(today: string): string {
  return addDaysIso(today, 30) ?? today;
}

type BeneficiaryData = Pick<AccountBeneficiaries, 'program' | 'holder_cpf' | 'past_passengers'>;

/** The slots on `day`, counting the emissions made so far only (the ones to come are not known). */
export function beneficiariesOn(data: BeneficiaryData, day: string): BeneficiaryCount {
  return countBeneficiaries({
    program: data.program,
    holderCpf: data.holder_cpf,
    pastPassengers: data.past_passengers,
    newPassengers: [],
    today: day,
  });
}

/**
 * The first day after `today` on which a slot used today is free again, with no new emission: a
 * rolling window frees each person 12 months after their last emission (the day after, when the
 * month is shorter), a calendar year frees everyone on 1 January, a fixed list never. The count
 * itself is the domain's, so this only proposes days and asks it.
 */
export function nextFreedDay(data: BeneficiaryData, today: string): string | null {
  const now = beneficiariesOn(data, today);
  if (now.kind === null || now.kind === 'fixed_list' || now.used === 0) return null;
  if (now.kind === 'calendar_year') return `${String(Number(today.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;
  const days = new Set<string>();
  for (const passenger of data.past_passengers) {
    const back = addMonthsIso(passenger.date.slice(0, 10), 12);
    for (const day of [back, back && addDaysIso(back, 1)]) if (day && day > today) days.add(day);
  }
  return [...days].sort().find((day) => beneficiariesOn(data, day).used < now.used) ?? null;
}

/** "3 de 25 vagas livres hoje", "1 de 5 vagas livres em 27/12/2026"; null without a limit. */
export function freeSlotsText(count: BeneficiaryCount, day: string, today: string): string | null {
  if (count.limit === null || count.remaining === null) return null;
  const when = day === today ? 'hoje' : `em ${formatDate(day)}`;
  return `${formatNumber(count.remaining)} de ${formatNumber(count.limit)} vagas livres ${when}`;
}

/** How the programme's window frees its slots. */
export function beneficiaryRuleText(kind: BeneficiaryLimitKind, max: number): string {
  const people = `${formatNumber(max)} ${max === 1 ? 'pessoa' : 'pessoas'}`;
  if (kind === 'rolling_12_months')
    return `Até ${people} em 12 meses corridos: cada vaga volta 12 meses depois da última emissão para a pessoa.`;
  if (kind === 'calendar_year') return `Até ${people} por ano civil: todas as vagas voltam em 1º de janeiro.`;
  return `Lista fixa de ${people}: as vagas não voltam com o tempo.`;
}

/** "Próxima vaga livre em 16/03/2027" (rolling window), "Vagas livres de novo em 01/01/2027" (calendar year). */
export function nextFreedText(kind: BeneficiaryLimitKind | null, day: string | null): string | null {
  if (day === null) return null;
  return kind === 'calendar_year'
    ? `Vagas livres de novo em ${formatDate(day)}`
    : `Próxima vaga livre em ${formatDate(day)}`;
}

/** Why the chosen day cannot be counted; null when it can. */
export function beneficiaryDayError(day: string, today: string): string | null {
  if (!isValidIsoDate(day)) return 'Informe uma data válida (dd/mm/aaaa).';
  if (day < today) return 'Escolha uma data a partir de hoje.';
  return null;
}

/**
 * What the 'Beneficiários' card says on `day`: the slots free then, with no emission made in
 * between, or why the day cannot be counted.
 */
export function beneficiariesOnDayText(
  data: BeneficiaryData & { today: string },
  day: string,
): {
  text: string;
  invalid: boolean;
} {
  const error = beneficiaryDayError(day, data.today);
  if (error) return { text: error, invalid: true };
  return { text: freeSlotsText(beneficiariesOn(data, day), day, data.today) ?? '', invalid: false };
}
