// Builds one distributor's plan-engine history from the stored monthly results: own rows, the
// frontline legs' Q months (for FLQ and LDD detail), pin rises, compliance, customers, points.
// Three indexed queries whatever the tree size: monthly_results by (ada, month) (the period, and
// the highest pin before it) and the frontline through distributors.sponsor_ada.
import { maskPrivacy, type LegData, type MonthRecordData } from '@abo/contract';
import { type MonthRecord, type PinEvent, type PlanHistory } from '@abo/plan';
import type { DB } from '../../db/index.ts';
import type { MonthlyResultsTable } from '../../db/schema.ts';
import { nameFor, type NameViewer } from '../../lib/name-policy.ts';
import { preparedQuery } from '../../lib/prepared-query.ts';

/** The stored month columns the plan engine reads. */
const OWN_COLUMNS = [
  'month',
  'ppv',
  'gpv',
  'pgpv',
  'bracket',
  'is_q',
  'q_legs',
  'apv',
  'is_sp',
  'pin_code',
  'new_customers',
  'points',
  'compliant',
  'attended',
] as const;

export type OwnRow = Pick<MonthlyResultsTable, (typeof OWN_COLUMNS)[number]>;

export interface LoadedHistory {
  /** Whose history it is (the legs' sponsor). */
  ada: string;
  history: PlanHistory;
  /** Own rows within [from, to], by month. */
  own: Map<string, OwnRow>;
  /** Frontline leg ADA → masked ADA, name (shown per viewer by legsFor) and Q months. */
  legs: Map<string, { maskedAda: string; nameZh: string; qMonths: Set<string> }>;
  currentPin: number;
}

const ownRows = preparedQuery((db, p: { ada: string; from: string; to: string }) =>
  db
    .selectFrom('monthly_results')
    .select(OWN_COLUMNS)
    .where('ada', '=', p.ada)
    .where('month', '>=', p.from)
    .where('month', '<=', p.to)
    .orderBy('month'),
);

const pinBefore = preparedQuery((db, p: { ada: string; from: string }) =>
  db
    .selectFrom('monthly_results')
    .select((eb) => eb.fn.max('pin_code').as('pin'))
    .where('ada', '=', p.ada)
    .where('month', '<', p.from),
);

const frontlineQMonths = preparedQuery((db, p: { ada: string; from: string; to: string }) =>
  db
    .selectFrom('distributors as l')
    .innerJoin('monthly_results as m', 'm.ada', 'l.ada')
    .select(['l.ada', 'l.name_zh', 'm.month'])
    .where('l.sponsor_ada', '=', p.ada)
    .where('m.month', '>=', p.from)
    .where('m.month', '<=', p.to)
    .where('m.is_q', '=', 1),
);

/**
 * Loads the months from..to (inclusive, 'YYYY-MM'; to is capped at today's month by the
 * caller). Pins before `from` set the initial pin.
 */
export async function loadHistory(
  db: DB,
  ada: string,
  from: string,
  to: string,
  person: { pin_code: number; pin_month: string | null },
): Promise<LoadedHistory> {
  // Months before `from` only raise the initial pin: one max() instead of every row since
  // joining (the full rows cost about 8 µs each to read; bench/bff.ts).
  const [rows, [before], legRows] = await Promise.all([
    ownRows(db, { ada, from, to }),
    pinBefore(db, { ada, from }),
    frontlineQMonths(db, { ada, from, to }),
  ]);
  let initialPin = Math.max(230, Number(before?.pin ?? 0));
  if (person.pin_month !== null && person.pin_month < from) initialPin = Math.max(initialPin, person.pin_code);
  const own = new Map<string, OwnRow>();
  const pins: PinEvent[] = [];
  let held = 0;
  for (const r of rows) {
    own.set(r.month, r);
    if (r.pin_code > Math.max(held, initialPin)) pins.push({ month: r.month, pinCode: r.pin_code });
    held = Math.max(held, r.pin_code);
  }
  if (person.pin_month !== null && person.pin_month >= from && person.pin_month <= to) {
    if (person.pin_code > Math.max(held, initialPin)) pins.push({ month: person.pin_month, pinCode: person.pin_code });
  }

  const legs: LoadedHistory['legs'] = new Map();
  const legsByMonth = new Map<string, { id: string; isQ: boolean }[]>();
  for (const l of legRows) {
    let leg = legs.get(l.ada);
    if (!leg) legs.set(l.ada, (leg = { maskedAda: maskPrivacy(l.ada), nameZh: l.name_zh, qMonths: new Set() }));
    leg.qMonths.add(l.month);
    let list = legsByMonth.get(l.month);
    if (!list) legsByMonth.set(l.month, (list = []));
    list.push({ id: l.ada, isQ: true });
  }

  const months: MonthRecord[] = [];
  for (const r of own.values()) {
    const legList = legsByMonth.get(r.month) ?? [];
    months.push({
      month: r.month,
      ppv: r.ppv,
      gpv: r.gpv,
      pgpv: r.pgpv,
      bracket: r.bracket,
      isQ: r.is_q === 1,
      apv: r.apv,
      // The stored count and the leg rows come from the same close; the rows win if they differ.
      qLegs: legList.length > 0 ? legList.length : r.q_legs,
      isSp: r.is_sp === 1,
      legs: legList,
      compliant: r.compliant === 1,
      newCustomers: r.new_customers,
      points: r.points,
      attended: r.attended
        ? r.attended
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
    });
  }
  return {
    ada,
    history: { months, pins, initialPin },
    own,
    legs,
    currentPin: Math.max(initialPin, held, person.pin_code),
  };
}

export function monthState(month: string, today: string): 'closed' | 'current' | 'future' {
  return month < today ? 'closed' : month === today ? 'current' : 'future';
}

/** The period's month records as the pages show them (missing months as empty). */
export function recordsFor(loaded: LoadedHistory, months: readonly string[], today: string): MonthRecordData[] {
  let pin = loaded.history.initialPin ?? 230;
  return months.map((month) => {
    const r = month <= today ? loaded.own.get(month) : undefined;
    if (r) pin = Math.max(pin, r.pin_code);
    return {
      month,
      state: monthState(month, today),
      present: r !== undefined,
      ppv: r?.ppv ?? 0,
      gpv: r?.gpv ?? 0,
      pgpv: r?.pgpv ?? 0,
      bracket: r?.bracket ?? 0,
      isQ: r?.is_q === 1,
      qLegs: r ? r.q_legs : 0,
      apv: r?.apv ?? 0,
      isSp: r?.is_sp === 1,
      compliant: r?.compliant === 1,
      newCustomers: r?.new_customers ?? 0,
      points: r?.points ?? 0,
      pinCode: pin,
    };
  });
}

/**
 * Frontline legs with a Q month in the period, most Q months first: ADAs masked, names as the
 * viewer may see them (name-policy.ts: in full for the distributor whose legs they are).
 */
export function legsFor(loaded: LoadedHistory, months: readonly string[], legQMonths: number, viewer: NameViewer): LegData[] {
  const out: LegData[] = [];
  for (const [ada, leg] of loaded.legs) {
    const flags = months.map((m) => leg.qMonths.has(m));
    const qMonths = flags.filter(Boolean).length;
    if (qMonths === 0) continue;
    const name = nameFor(viewer, { ada, sponsorAda: loaded.ada, nameZh: leg.nameZh, nameEn: '' }).nameZh;
    out.push({ key: '', maskedAda: leg.maskedAda, maskedName: name, qMonths, months: flags, qualified: qMonths >= legQMonths });
  }
  out.sort((a, b) => b.qMonths - a.qMonths || (a.maskedAda < b.maskedAda ? -1 : a.maskedAda > b.maskedAda ? 1 : 0));
  return out.map((l, i) => ({ ...l, key: `L${i + 1}` }));
}
