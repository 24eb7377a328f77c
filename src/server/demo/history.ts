/**
 * An agency's history of trading miles, as the app itself would have written it: miles bought in
 * lots into clients' loyalty accounts (and a stock in the agency's own accounts), and emissions of
 * each account's holder that draw those lots, with their passengers.
 *
 * The same rules as the app's write paths hold, so every page of the demo shows what real use
 * leaves behind:
 * - an emission uses one of its client's accounts, and its miles come only from that account's
 *   lots, the cheapest first among those bought before it and not yet expired; a lot is bought
 *   when the open ones do not cover an emission;
 * - original = remaining + miles allocated to emissions that are not cancelled (a cancellation
 *   gave its miles back: its allocations stay as history with released_at);
 * - statuses follow age: only the last days hold pending or processing emissions;
 * - margin = revenue − (fees + miles cost + RAV), as computeEmissionFinancials says;
 * - passengers: the holder or people of a small circle per account, within the program's limit
 *   of distinct beneficiaries (Azul's fixed list of 5 is the smallest).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import {
  emission_allocations,
  emission_passengers,
  loyalty_accounts,
  mile_lots,
  type clients,
  type emissions,
} from '../db/schema';
import { computeEmissionFinancials } from '../../domain/emissions/emission.rules';
import { milesCostCents } from '../../domain/lots/lot.rules';
import { PROGRAMS, type ProgramKey } from '../../domain/programs';
import {
  accountNumber,
  cpfAt,
  DAY,
  DOMESTIC,
  FIRST_NAMES,
  insertBatches,
  insertEmissionsBulk,
  INTERNATIONAL,
  isoDay,
  personName,
  SUPPLIERS,
  type Rng,
} from './people';

type ClientRow = typeof clients.$inferInsert & { id: string; created_at: string };
type AccountRow = typeof loyalty_accounts.$inferInsert & { id: string };
type LotRow = typeof mile_lots.$inferInsert & {
  id: string;
  original_quantity: number;
  remaining_quantity: number;
  cost_per_thousand: string;
  expiry_date: string | null;
  purchase_date: string;
};
type EmissionRow = typeof emissions.$inferInsert & { id: string };
type AllocationRow = typeof emission_allocations.$inferInsert;
type PassengerRow = typeof emission_passengers.$inferInsert;

/** Programs an agency issues in, by weight. */
const ISSUING: readonly (readonly [ProgramKey, number])[] = [
  ['LATAM', 36],
  ['SMILES', 32],
  ['AZUL', 22],
  ['TAP', 5],
  ['AMERICAN', 3],
  ['IBERIA', 2],
];
const ISSUING_KEYS: ReadonlySet<ProgramKey> = new Set(ISSUING.map(([p]) => p));

/** Cost per thousand miles in R$, per program (what agencies pay on the Brazilian market). */
const CPM_RANGE: Partial<Record<ProgramKey, readonly [number, number]>> = {
  LATAM: [24, 34],
  SMILES: [15, 22],
  AZUL: [14, 21],
  TAP: [30, 42],
  AMERICAN: [70, 95],
  IBERIA: [45, 60],
};

/** Airports flown from Natal and the trips people buy with miles. */
const HUBS = ['NAT', 'NAT', 'NAT', 'REC', 'FOR', 'JPA', 'GRU', 'GIG', 'BSB'] as const;
const SAME_CITY = new Set(['GRU-CGH', 'CGH-GRU', 'GRU-VCP', 'VCP-GRU', 'GIG-SDU', 'SDU-GIG', 'CGH-VCP', 'VCP-CGH']);

export interface HistoryOptions {
  agencyId: string;
  userId: string | null;
  now: Date;
  /** How far back emissions go. */
  historyDays: number;
  /** Clients who issued, with all the accounts written for them (more are added here when needed). */
  clients: readonly ClientRow[];
  accounts: AccountRow[];
  maxEmissionsPerClient: number;
  passengers: boolean;
  batch: number;
  log: (line: string) => void;
}

export interface HistoryResult {
  accountsAdded: number;
  lots: number;
  emissions: number;
  passengers: number;
}

export async function writeEmissionHistory(db: Database, rng: Rng, options: HistoryOptions): Promise<HistoryResult> {
  const { agencyId, now, batch } = options;
  const today = isoDay(now);
  const started = performance.now();
  const from = now.getTime() - options.historyDays * DAY;

  // One issuing account per client: one they hold in an issuing program, or a new one.
  const newAccounts: AccountRow[] = [];
  const issuingOf = new Map<string, AccountRow>();
  for (const client of options.clients) {
    const held = options.accounts.filter((a) => a.client_id === client.id && ISSUING_KEYS.has(a.program as ProgramKey));
    let account = held.length > 0 ? rng.pick(held) : undefined;
    if (!account) {
      const program = rng.weighted(ISSUING);
      if (options.accounts.some((a) => a.client_id === client.id && a.program === program)) continue;
      account = {
        id: randomUUID(),
        agency_id: agencyId,
        client_id: client.id,
        program,
        account_number: accountNumber(rng, program),
        nickname: null,
        created_at: client.created_at,
        updated_at: client.created_at,
      };
      newAccounts.push(account);
    }
    issuingOf.set(client.id, account);
  }
  // The agency's own accounts, holding a stock of miles not yet assigned to anyone.
  const agencyAccounts: AccountRow[] = (['LATAM', 'SMILES', 'AZUL'] as const).map((program) => ({
    id: randomUUID(),
    agency_id: agencyId,
    client_id: null,
    program,
    account_number: accountNumber(rng, program),
    nickname: `Estoque da agência — ${PROGRAMS[program].name}`,
    created_at: new Date(now.getTime() - 3 * 365 * DAY).toISOString(),
    updated_at: new Date(now.getTime() - 3 * 365 * DAY).toISOString(),
  }));
  newAccounts.push(...agencyAccounts);
  await insertBatches(db, loyalty_accounts, newAccounts, batch);

  const lots: LotRow[] = [];
  const lotsOf = new Map<string, LotRow[]>();
  const buyLot = (account: AccountRow, at: Date, atLeast: number): LotRow => {
    const program = account.program as ProgramKey;
    const step = program === 'AMERICAN' || program === 'IBERIA' || program === 'TAP' ? 5_000 : 10_000;
    const quantity = Math.ceil(Math.max(atLeast, rng.int(3, 30) * step) / step) * step;
    const [low, high] = CPM_RANGE[program] ?? [18, 30];
    const cost_per_thousand = (rng.int(low * 100, high * 100) / 100).toFixed(4);
    const purchase = new Date(at.getTime() - rng.int(0, 20) * DAY);
    const months = PROGRAMS[program].expiryMonths;
    const expiry =
      months === null
        ? null
        : isoDay(
            new Date(
              Date.UTC(purchase.getUTCFullYear(), purchase.getUTCMonth() + months, Math.min(purchase.getUTCDate(), 28)),
            ),
          );
    const lot: LotRow = {
      id: randomUUID(),
      agency_id: agencyId,
      account_id: account.id,
      program,
      account_number: account.account_number,
      original_quantity: quantity,
      remaining_quantity: quantity,
      total_cost_cents: milesCostCents(quantity, cost_per_thousand),
      cost_per_thousand,
      purchase_date: isoDay(purchase),
      expiry_date: expiry,
      supplier: rng.pick(SUPPLIERS),
      notes: rng.chance(0.15)
        ? rng.pick([
            'Compra em promoção de transferência bonificada',
            'Negociado com desconto por volume',
            'Transferência do cartão do titular',
          ])
        : null,
      status: 'available',
      created_at: purchase.toISOString(),
      updated_at: purchase.toISOString(),
    };
    lots.push(lot);
    lotsOf.set(account.id, [...(lotsOf.get(account.id) ?? []), lot]);
    return lot;
  };

  // The stock: lots in the agency's accounts across the last three years, so the lots page has
  // some expired, some expiring within the month and some fresh.
  for (const account of agencyAccounts) {
    const months = PROGRAMS[account.program as ProgramKey].expiryMonths ?? 24;
    for (let k = 0; k < 6; k++) {
      const age = k === 0 ? months * 30 + rng.int(5, 60) : k === 1 ? months * 30 - rng.int(5, 25) : rng.int(10, 700);
      buyLot(account, new Date(now.getTime() - age * DAY), 0);
    }
  }
  // Some clients' accounts were stocked before the history starts (old lots, some now expired).
  for (const account of issuingOf.values()) {
    if (rng.chance(0.3)) buyLot(account, new Date(from - rng.int(30, 500) * DAY), 0);
  }

  // Passengers: per account, the holder and a circle of up to 4 others (within every program's limit).
  let nextCpf = 2_000_000 + rng.int(0, 1_000_000);
  type Person = { name: string; cpf: string };
  const circles = new Map<string, Person[]>();
  const circleOf = (client: ClientRow, account: AccountRow): Person[] => {
    let circle = circles.get(account.id);
    if (!circle) {
      const holder: Person[] = client.document?.length === 11 ? [{ name: client.name, cpf: client.document }] : [];
      const surname = client.name.split(' ').slice(-1)[0]!;
      const others = Array.from({ length: rng.int(1, 4) }, () => {
        const name = rng.chance(0.6) ? `${rng.pick(FIRST_NAMES)} ${surname}` : personName(rng);
        return { name, cpf: cpfAt(nextCpf++) };
      });
      circle = [...holder, ...others];
      circles.set(account.id, circle);
    }
    return circle;
  };

  const events: { client: ClientRow; at: Date }[] = [];
  for (const client of options.clients) {
    if (!issuingOf.has(client.id)) continue;
    const count = rng.int(1, options.maxEmissionsPerClient);
    const start = Math.max(new Date(client.created_at).getTime(), from);
    for (let k = 0; k < count; k++) events.push({ client, at: new Date(start + rng.next() * (now.getTime() - start)) });
  }
  // In time order, so lots are bought before the emissions that use them.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const emissionRows: EmissionRow[] = [];
  const allocationRows: AllocationRow[] = [];
  const passengerRows: PassengerRow[] = [];
  for (const { client, at } of events) {
    const account = issuingOf.get(client.id)!;
    const program = account.program as ProgramKey;
    const international = program === 'AMERICAN' || program === 'IBERIA' || program === 'TAP' ? true : rng.chance(0.18);
    const origin = rng.pick(HUBS);
    let dest: string = international ? rng.pick(INTERNATIONAL) : rng.pick(DOMESTIC);
    if (dest === origin || SAME_CITY.has(`${origin}-${dest}`)) dest = origin === 'GRU' ? 'REC' : 'GRU';
    const roundTrip = rng.chance(0.65);
    const circle = options.passengers ? circleOf(client, account) : [];
    const travellers =
      circle.length === 0
        ? []
        : circle.slice(
            0,
            Math.min(
              circle.length,
              rng.weighted([
                [1, 55],
                [2, 28],
                [3, 11],
                [4, 6],
              ] as const),
            ),
          );
    const perPerson = (international ? rng.int(35, 120) : rng.int(5, 32)) * 1000 * (roundTrip ? 2 : 1);
    const miles = perPerson * Math.max(1, travellers.length);
    const ageDays = (now.getTime() - at.getTime()) / DAY;
    const status = rng.weighted(
      ageDays < 1
        ? ([
            ['pending', 30],
            ['processing', 35],
            ['issued', 30],
            ['failed', 5],
          ] as const)
        : ageDays < 4
          ? ([
              ['processing', 10],
              ['issued', 75],
              ['failed', 8],
              ['cancelled', 7],
            ] as const)
          : ([
              ['issued', 86],
              ['failed', 4],
              ['cancelled', 10],
            ] as const),
    );

    const id = randomUUID();
    const dayOf = isoDay(at);
    const open = (lotsOf.get(account.id) ?? []).filter(
      (l) => l.remaining_quantity > 0 && l.purchase_date <= dayOf && (l.expiry_date === null || l.expiry_date > dayOf),
    );
    if (open.reduce((s, l) => s + l.remaining_quantity, 0) < miles) open.push(buyLot(account, at, miles));
    open.sort((a, b) => Number(a.cost_per_thousand) - Number(b.cost_per_thousand));
    let left = miles;
    let milesCost = 0;
    for (const lot of open) {
      if (left === 0) break;
      const take = Math.min(left, lot.remaining_quantity);
      const cost = milesCostCents(take, lot.cost_per_thousand);
      allocationRows.push({
        agency_id: agencyId,
        emission_id: id,
        lot_id: lot.id,
        miles: take,
        cost_per_thousand: lot.cost_per_thousand,
        cost_cents: cost,
        created_at: at.toISOString(),
      });
      if (status !== 'cancelled') lot.remaining_quantity -= take;
      left -= take;
      milesCost += cost;
    }
    const people = Math.max(1, travellers.length);
    const fees = ((international ? rng.int(350, 1400) : rng.int(45, 160)) * 100 + rng.int(0, 99)) * people;
    const rav = rng.chance(0.55) ? rng.int(3, 15) * 1000 * people : 0;
    // Most sales carry a healthy markup on the miles (above the programs' minimum margins, which
    // count fees and RAV in the revenue); a few were sold near cost or at a loss: the margin alerts.
    const markup = rng.weighted([
      [rng.int(25, 50), 95],
      [rng.int(0, 6), 4],
      [-rng.int(1, 8), 1],
    ] as const);
    const revenue = Math.max(0, Math.round((milesCost * (100 + markup)) / 100) + fees + rav);
    const { margin_cents } = computeEmissionFinancials({
      miles_cost_cents: milesCost,
      fees_cents: fees,
      revenue_cents: revenue,
      rav_cents: rav,
    });
    // Within 36 h of the submission, and never later than now.
    const issuedAt = new Date(Math.min(now.getTime(), at.getTime() + rng.int(10, 36 * 60) * 60_000));
    const departure = new Date(at.getTime() + rng.int(5, 180) * DAY);
    const reached = status === 'issued' || status === 'cancelled';
    emissionRows.push({
      id,
      agency_id: agencyId,
      client_id: client.id,
      account_id: account.id,
      pnr: reached || status === 'processing' ? pnr(rng) : null,
      route: `${origin}-${dest}${roundTrip ? `-${origin}` : ''}`,
      departure_date: isoDay(departure),
      miles_used: miles,
      fees_cents: fees,
      revenue_cents: revenue,
      rav_cents: rav,
      miles_cost_cents: milesCost,
      margin_cents,
      status,
      created_by: options.userId,
      created_at: at.toISOString(),
      submitted_at: status === 'pending' ? null : at.toISOString(),
      issued_at: reached ? issuedAt.toISOString() : null,
      failed_at: status === 'failed' ? issuedAt.toISOString() : null,
      cancelled_at:
        status === 'cancelled'
          ? new Date(Math.min(now.getTime(), issuedAt.getTime() + rng.int(1, 10) * DAY)).toISOString()
          : null,
      updated_at: at.toISOString(),
    });
    for (const p of travellers) {
      passengerRows.push({
        agency_id: agencyId,
        emission_id: id,
        name: p.name,
        cpf: p.cpf,
        created_at: at.toISOString(),
      });
    }
  }
  // A cancellation released its allocations (they stay as history, marked), as releaseMiles does.
  const cancelledAt = new Map(emissionRows.filter((e) => e.status === 'cancelled').map((e) => [e.id, e.cancelled_at!]));
  for (const a of allocationRows) {
    const at = cancelledAt.get(a.emission_id);
    if (at) a.released_at = at;
  }
  for (const lot of lots) {
    lot.status =
      lot.remaining_quantity === 0
        ? 'used'
        : lot.expiry_date !== null && lot.expiry_date < today
          ? 'expired'
          : 'available';
  }
  await insertBatches(db, mile_lots, lots, batch);
  await insertEmissionsBulk(db, agencyId, emissionRows, batch);
  await insertBatches(db, emission_allocations, allocationRows, batch * 2);
  await insertBatches(db, emission_passengers, passengerRows, batch * 2);
  options.log(
    `  ${lots.length} lots, ${emissionRows.length} emissions, ${allocationRows.length} allocations, ${passengerRows.length} passengers written (${Math.round(performance.now() - started)} ms)`,
  );
  return {
    accountsAdded: newAccounts.length,
    lots: lots.length,
    emissions: emissionRows.length,
    passengers: passengerRows.length,
  };
}

function pnr(rng: Rng): string {
  return Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[rng.int(0, 31)]).join('');
}
