// The reads behind the plan calls: one distributor's plan-engine history from the stored monthly
// results: own months, the frontline legs' Q months (for FLQ and LDD detail), pin rises,
// compliance, customers, points, and the frontline's size (what bounds FLQ months, LDD markets and
// pin legs the remaining months can still bring). Four indexed queries whatever the tree size:
// monthly_results by (ada, month) (the period, and the highest pin before it) and the frontline
// through distributors.sponsor_ada.
import { maskPrivacy } from '@abo/contract';
import { addMonths, type LegMonth, type MonthRecord, type PinEvent, type PlanHistory } from '@abo/plan';
import { historyStartOf } from '../../db/history-start.ts';
import type { DB } from '../../db/index.ts';
import { frontlineQMonths, highestPinBefore, monthlyResultsOf, type MonthlyResult } from '../../db/monthly-results.ts';

export interface LoadedHistory {
  /** Whose history it is (the legs' sponsor). */
  ada: string;
  history: PlanHistory;
  /** Own months within [from, to], by month, as the engine reads them (Q legs from the leg rows). */
  own: Map<string, MonthRecord & Pick<MonthlyResult, 'pinCode'>>;
  /** Frontline leg ADA → masked ADA, names (shown per viewer by legsFor) and Q months. */
  legs: Map<string, { maskedAda: string; nameZh: string; nameEn: string; qMonths: Set<string> }>;
  currentPin: number;
  /** The first month with figures (db/history-start.ts); null: none stored. */
  historyStart: string | null;
}

/**
 * Loads the months from..to (inclusive, 'YYYY-MM'; to is capped at today's month by the
 * caller). Pins before `from` set the initial pin.
 */
export async function loadHistory(
  db: DB,
  ada: string,
  from: string,
  to: string,
  person: { pin_code: number; pin_month: string | null; pin_held?: number | null },
): Promise<LoadedHistory> {
  // Months before `from` only raise the initial pin (the full rows cost about 8 µs each to
  // read; bench/bff.ts).
  const [results, before, legRows, frontline, historyStart] = await Promise.all([
    monthlyResultsOf(db, ada, from, to),
    highestPinBefore(db, ada, from),
    frontlineQMonths(db, ada, from, to),
    db
      .selectFrom('distributors')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sponsor_ada', '=', ada)
      .executeTakeFirst(),
    historyStartOf(db, ada),
  ]);
  // A pin held before the imported history is where the history starts: never a new pin in it.
  let initialPin = Math.max(230, before, person.pin_held ?? 230);
  if (person.pin_month !== null && person.pin_month < from) initialPin = Math.max(initialPin, person.pin_code);

  const legs: LoadedHistory['legs'] = new Map();
  const legsByMonth = new Map<string, LegMonth[]>();
  for (const l of legRows) {
    let leg = legs.get(l.ada);
    if (!leg) legs.set(l.ada, (leg = { maskedAda: maskPrivacy(l.ada), nameZh: l.nameZh, nameEn: l.nameEn, qMonths: new Set() }));
    leg.qMonths.add(l.month);
    let list = legsByMonth.get(l.month);
    if (!list) legsByMonth.set(l.month, (list = []));
    list.push({ id: l.ada, isQ: true });
  }

  const own: LoadedHistory['own'] = new Map();
  const pins: PinEvent[] = [];
  let held = 0;
  for (const r of results) {
    const legList = legsByMonth.get(r.month) ?? [];
    // One count of Q legs: the leg rows the engine is given (its MonthRecord wants qLegs to
    // equal the Q legs in `legs`), never the stored q_legs beside them.
    own.set(r.month, { ...r, qLegs: legList.length, legs: legList });
    if (r.pinCode > Math.max(held, initialPin)) pins.push({ month: r.month, pinCode: r.pinCode });
    held = Math.max(held, r.pinCode);
  }
  if (person.pin_month !== null && person.pin_month >= from && person.pin_month <= to) {
    if (person.pin_code > Math.max(held, initialPin)) pins.push({ month: person.pin_month, pinCode: person.pin_code });
  }
  // Nothing stored at all: no month has data yet (the history starts after `to`).
  const firstMonth = historyStart ?? addMonths(to, 1);
  return {
    ada,
    history: { months: [...own.values()], pins, initialPin, frontlineLegs: Number(frontline?.n ?? 0), firstMonth },
    own,
    legs,
    currentPin: Math.max(initialPin, held, person.pin_code),
    historyStart,
  };
}
