// How each criterion kind is measured over the summary.
import { monthIndex } from '../calendar.ts';
import { PIN, pinLadder } from '../pins.ts';
import type { ComponentDetail, Criterion, CriterionKind, NeedNote } from './types.ts';
import type { HistorySummary } from './history-summary.ts';
import {
  periodEnd,
  type Raw,
  POSITIVE,
  shortOf,
  monthCount,
  volumeSum,
  flqCapacity,
  monthMeets,
  legDetails,
  legOutlook,
  legPace,
  SOURCES,
  sourceByMonth,
  sourceCapacity,
  componentPoints,
} from './measure-basics.ts';
import { qualifiedPins, judgePin } from './pin-judge.ts';

// ---------------------------------------------------------------------------------------
// The kinds

export type Measure<K extends CriterionKind> = (c: Extract<Criterion, { kind: K }>, s: HistorySummary, detail: boolean) => Raw;

/** How each kind is measured over the summary (its descriptor is CRITERION_KINDS). */
export const MEASURES: { readonly [K in CriterionKind]: Measure<K> } = {
  pqMonths: (c, s) => monthCount(s, s.pq, c.min),
  spMonths: (c, s) => monthCount(s, s.sp, c.min),
  complianceMonths: (c, s) => monthCount(s, s.compliant, c.min),
  monthsMeeting: (c, s) => {
    const flags = new Uint8Array(s.len);
    for (let p = 0; p < s.len; p++) flags[p] = monthMeets(s.records[p], c.condition) ? 1 : 0;
    return monthCount(s, flags, c.min);
  },
  flqMonths: (c, s, detail) => {
    const r = volumeSum(s, s.flq, c.min);
    r.capacity = flqCapacity(s);
    const still = c.min - r.achieved;
    const rem = s.remaining;
    const f = s.frontlineLegs;
    if (shortOf(s, r.achieved, r.capacity, c.min)) {
      const cap = r.capacity;
      // A leg sponsored in any month left can be Q in it: only the frontline today is short.
      r.buildable = Infinity;
      r.buildNote = () => ({ code: 'flqNewLegs', params: { still, legs: f ?? 0, cap, left: rem } });
      r.why = () => ({ code: 'legs', params: { kind: 'flqMonths', still, legs: f ?? 0, cap, left: rem } });
    } else if (detail && still > 0 && rem > 0) {
      r.gapNote = { code: 'flqQLegs', params: f !== undefined ? { still, left: rem, legs: f } : { still, left: rem } };
      r.need = { code: 'qLegs', params: { still, left: rem } };
    }
    if (detail) r.legs = legDetails(s);
    return r;
  },
  points: (c, s) => volumeSum(s, s.points, c.min),
  customers: (c, s) => volumeSum(s, s.customers, c.min),
  apv: (c, s, detail) => {
    if (c.mode === 'cumulative') return volumeSum(s, s.apv, c.min);
    let best = 0;
    for (let p = 0; p < s.len; p++) best = Math.max(best, s.apv[p]!);
    const hasCur = s.curPos >= 0 && s.curPos < s.len;
    const cur = hasCur ? s.apv[s.curPos]! : 0;
    const open = s.remaining > 0;
    const r: Raw = {
      required: c.min,
      achieved: best,
      values: s.apv,
      countAt: c.min,
      cumulative: 'max',
      capacity: open ? Infinity : 0,
      paceable: false,
      stillNeeded: Math.max(0, c.min - (open ? cur : best)),
      perMonth: Math.max(0, c.min - (open ? cur : best)),
    };
    if (detail && best < c.min) {
      if (open) {
        r.gapNote = { code: 'apvOneMonth', params: hasCur ? { min: c.min, cur } : { min: c.min } };
        const needAt = new Array<NeedNote | undefined>(s.len).fill({ code: 'apvAtLeast', params: { min: c.min } });
        if (hasCur) needAt[s.curPos] = { code: 'apvToGo', params: { short: c.min - cur } };
        r.needAt = needAt;
      } else {
        r.missedNote = { code: 'apvBestMonth', params: { min: c.min, best } };
      }
    }
    return r;
  },
  lddMarkets: (c, s, detail) => {
    const need = s.legQMonths;
    const o = legOutlook(s, 0);
    let run = 0;
    const cum = new Int32Array(s.len);
    for (let p = 0; p < s.len; p++) cum[p] = run += o.reachedAt[p]!;
    const r: Raw = {
      required: c.min,
      achieved: o.achieved,
      values: o.reachedAt,
      countAt: 1,
      cumulative: cum,
      capacity: s.remaining > 0 ? o.capacity : 0,
    };
    const still = c.min - o.achieved;
    if (shortOf(s, o.achieved, r.capacity, c.min)) {
      const f = s.frontlineLegs;
      // New legs sponsored now can still each reach the Q months needed when enough months are left.
      if (o.openMonths >= need) {
        r.buildable = Infinity;
        r.buildNote = () => ({
          code: 'lddNewLegs',
          params: { still, cap: o.capacity, q: need, open: o.openMonths, end: periodEnd(s) },
        });
      }
      r.why = () =>
        f !== undefined && f < c.min
          ? { code: 'legs', params: { kind: 'lddMarkets', need: c.min, legs: f } }
          : { code: 'monthsLeft', params: { kind: 'lddMarkets', still, cap: o.capacity, q: need, end: periodEnd(s) } };
    } else if (still > 0 && s.remaining > 0) {
      r.pace = legPace(o, c.min, s, 0);
      if (detail) {
        // The closest legs first, then new legs (need Q months each).
        const closest = o.short.slice(0, still);
        const fresh = Math.min(still - closest.length, o.openMonths >= need ? o.fresh : 0);
        for (let k = 0; k < fresh; k++) closest.push(need);
        r.gapNote = { code: 'lddClosest', params: { still, q: need, closest, end: periodEnd(s) } };
        r.need = { code: 'closestLegs', params: { legs: closest.length } };
      }
    }
    if (detail) r.legs = legDetails(s);
    return r;
  },
  pinAtLeast: (c, s, detail) => {
    // The pin qualified in the plan's PY (README, Pins: the pin held is for recognition; plans ask
    // for the pin qualified in their PY), the open month counted so far but provisionally.
    const qual = qualifiedPins(s);
    const achieved = s.len ? qual[s.len - 1]! : PIN.MEMBER;
    const from = Math.max(0, s.len - 12);
    const cur = s.curPos;
    const r: Raw = {
      required: c.pin,
      achieved,
      values: qual,
      countAt: c.pin,
      cumulative: 'value',
      capacity: 0,
      stillNeeded: achieved >= c.pin ? 0 : 1,
      perMonth: 0,
    };
    if (cur >= from && cur < s.len) r.closedAchieved = cur > from ? qual[cur - 1]! : PIN.MEMBER;
    if (achieved >= c.pin) return r;
    judgePin(r, s, c.pin, 0);
    // An earlier PY of a multi-year period: the qualifying PY has not begun, nothing is behind.
    if (s.remaining > 0 && cur < from) r.pace = 'onTrack';
    if (detail) {
      r.gapNote = { code: 'pinToQualify', params: { pin: c.pin, py: s.py, end: periodEnd(s) } };
      r.missedNote = { code: 'pinNotQualified', params: { pin: c.pin, py: s.py } };
    }
    return r;
  },
  newPin: (c, s, detail) => {
    let achieved = 0;
    let prev = s.pinBefore;
    const rise = new Int32Array(s.len);
    for (let p = 0; p < s.len; p++) {
      const v = s.pinAt[p]!;
      if (v > prev) {
        rise[p] = v;
        if (v >= c.minPin) achieved = v;
      }
      prev = v;
    }
    const held = s.pinAt[Math.max(0, Math.min(s.len - 1, s.curPos))] ?? s.pinBefore;
    const r: Raw = {
      required: c.minPin,
      achieved,
      values: rise,
      countAt: c.minPin,
      cumulative: s.pinAt,
      capacity: 0,
      stillNeeded: achieved >= c.minPin ? 0 : 1,
      perMonth: 0,
    };
    if (achieved >= c.minPin) return r;
    judgePin(r, s, c.minPin, held);
    if (detail) {
      const pin = Math.max(c.minPin, nextPinAbove(s, held));
      if (s.remaining > 0) r.gapNote = { code: 'newPinToReach', params: { pin, end: periodEnd(s) } };
      r.missedNote = { code: 'noNewPin', params: {} };
    }
    return r;
  },
  attendance: (c, s, detail) => {
    const required = c.min ?? c.events.length;
    const perMonth = new Int32Array(s.len);
    let achieved = 0;
    let open = 0;
    let dueNow = false;
    // Per event: 1 attended, 2 still to come, 0 passed unattended (read again only for texts).
    const state = new Uint8Array(c.events.length);
    c.events.forEach((e, i) => {
      const pos = s.attended.get(e.code);
      if (pos !== undefined) {
        achieved++;
        perMonth[pos]!++;
        state[i] = 1;
        return;
      }
      const at = e.month === undefined ? -1 : monthIndex(e.month) - s.first;
      if (s.remaining > 0 && (e.month === undefined || at >= s.curPos)) {
        open++;
        state[i] = 2;
        // Due now: scheduled this month, or undated with only this month left.
        if (e.month !== undefined ? at === s.curPos : s.remaining <= 1) dueNow = true;
      }
    });
    const still = Math.max(0, required - achieved);
    const r: Raw = {
      required,
      achieved,
      values: perMonth,
      countAt: 1,
      cumulative: 'sum',
      capacity: open,
      // Events follow their schedule, not a pace: on track while every needed one is still
      // ahead (or there is one to spare), at risk when a needed one is due this month.
      pace: achieved + open > required || !dueNow ? 'onTrack' : 'atRisk',
    };
    const codes = (keep: (st: number) => boolean) => c.events.filter((_, i) => keep(state[i]!)).map((e) => e.code);
    if (shortOf(s, achieved, open, required)) {
      r.why = () => ({ code: 'eventPassed', params: { events: codes((st) => st === 0), still, open } });
    } else if (detail && still > 0 && s.remaining > 0) {
      r.gapNote = { code: 'attend', params: { events: codes((st) => st === 2), still, end: periodEnd(s) } };
      // Each month's events still to come, in the criterion's order.
      const byMonth: string[][] = Array.from({ length: s.len }, () => []);
      c.events.forEach((e, i) => {
        const pos = e.month === undefined ? -1 : monthIndex(e.month) - s.first;
        if (state[i] === 2 && pos >= 0 && pos < s.len) byMonth[pos]!.push(e.code);
      });
      r.needAt = byMonth.map((events) => (events.length ? { code: 'attend', params: { events } } : undefined));
    }
    if (detail && s.remaining === 0 && still > 0) {
      r.missedNote = { code: 'notAttended', params: { events: codes((st) => st !== 1) } };
    }
    if (detail) {
      r.events = c.events.map((e) => {
        const pos = s.attended.get(e.code);
        return {
          code: e.code,
          name: e.name,
          attended: pos !== undefined,
          month: pos !== undefined ? s.months[pos]! : (e.month ?? null),
          registrationCloses: e.registrationCloses ?? null,
        };
      });
    }
    return r;
  },
  score: (c, s, detail) => {
    let achieved = 0;
    let most = 0;
    const components: ComponentDetail[] = [];
    for (const k of c.components) {
      const rawValue = SOURCES[k.source](s);
      const pts = componentPoints(k, rawValue);
      achieved += pts;
      most += s.remaining > 0 ? componentPoints(k, rawValue + sourceCapacity(s, k.source)) : pts;
      if (detail) components.push({ source: k.source, name: k.name, raw: rawValue, points: pts });
    }
    let values: ArrayLike<number> = new Int32Array(s.len);
    let cumulative: Raw['cumulative'] = 'value';
    if (detail) {
      // Per-month points: the score of the months up to each month, less the one before.
      const by = c.components.map((k) => sourceByMonth(s, k.source));
      const raw = new Float64Array(c.components.length);
      const cum = new Float64Array(s.len);
      const delta = new Float64Array(s.len);
      let prev = 0;
      for (let p = 0; p < s.len; p++) {
        let score = 0;
        c.components.forEach((k, i) => {
          raw[i]! += by[i]![p]!;
          score += componentPoints(k, raw[i]!);
        });
        cum[p] = score;
        delta[p] = score - prev;
        prev = score;
      }
      values = delta;
      cumulative = cum;
    }
    const r: Raw = {
      required: c.min,
      achieved,
      values,
      countAt: POSITIVE,
      cumulative,
      capacity: most - achieved,
    };
    // The open month's figures are provisional: what the closed months alone score, so a score only
    // the open month carries over the line is "met so far" (criterion-status.ts), not met.
    if (s.periodState === 'open' && achieved >= c.min) {
      let closed = 0;
      for (const k of c.components) {
        const by = sourceByMonth(s, k.source);
        let raw = 0;
        for (let p = 0; p < s.curPos; p++) raw += by[p]!;
        closed += componentPoints(k, raw);
      }
      r.closedAchieved = closed;
    }
    if (shortOf(s, achieved, r.capacity, c.min)) {
      r.why = () => ({ code: 'maxPoints', params: { most, need: c.min, end: periodEnd(s) } });
    }
    if (detail) r.components = components;
    return r;
  },
};

/** The next pin of the ladder above `held` (held itself when none). */
function nextPinAbove(s: HistorySummary, held: number): number {
  for (const step of pinLadder(s.rules)) if (step.pin > held) return step.pin;
  return held;
}
