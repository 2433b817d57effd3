// How each criterion kind is measured over the summary.
import { monthIndex } from '../calendar.ts';
import { PIN, pinLadder, pinName } from '../pins.ts';
import { pinRule } from '../pin-words.ts';
import { num, text, type Text } from '../text.ts';
import { CRITERION_KINDS } from './kinds.ts';
import type { ComponentDetail, Criterion, CriterionKind } from './types.ts';
import type { HistorySummary } from './history-summary.ts';
import {
  count,
  moreEn,
  monthsEn,
  remainingEn,
  remainingZh,
  endText,
  periodEnd,
  listText,
  eventText,
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
    const u = CRITERION_KINDS.flqMonths.unitForms;
    if (shortOf(s, r.achieved, r.capacity, c.min)) {
      const cap = r.capacity;
      // A leg sponsored in any month left can be Q in it: only the frontline today is short.
      r.buildable = Infinity;
      r.buildText = () =>
        !f
          ? text(
              `还需${count(still, u).zh}：目前没有一线，需新推荐的一线在${remainingZh(rem)}内达Q`,
              `${moreEn(still, u)}: no frontline legs yet, so new legs would have to reach Q in ${remainingEn(rem)}`,
            )
          : cap === 0
            ? text(
                `还需${count(still, u).zh}：现有${f}条一线在${remainingZh(rem)}内已无法再得，需新推荐的一线达Q`,
                `${moreEn(still, u)}: your ${f === 1 ? '1 frontline leg' : `${f} frontline legs`} can add none in ${remainingEn(rem)}; new legs would have to reach Q`,
              )
            : text(
                `还需${count(still, u).zh}：现有${f}条一线在${remainingZh(rem)}内最多再得${num(cap)}个，其余需新推荐的一线达Q`,
                `${moreEn(still, u)}: your ${f === 1 ? '1 frontline leg' : `${f} frontline legs`} can add at most ${num(cap)} in ${remainingEn(rem)}; the rest needs new legs that reach Q`,
              );
      r.why = () => ({ code: 'legs', params: { kind: 'flqMonths', still, legs: f ?? 0, cap, left: rem } });
    } else if (detail && still > 0 && rem > 0) {
      const legs = f !== undefined ? text(`（一线共${f}条）`, ` (${f} frontline leg${f === 1 ? '' : 's'})`) : text('', '');
      if (rem === 1) {
        // The last month: every leg still needed must be Q in it.
        r.gapText = text(
          `还需${count(still, u).zh}：最后1个月需${still}条Q线${legs.zh}`,
          `${moreEn(still, u)}: ${still === 1 ? 'a Q leg' : `${still} Q legs`} in the last month${legs.en}`,
        );
        r.need = text(`${still}条Q线`, still === 1 ? 'a Q leg' : `${still} Q legs`);
      } else if (still <= rem) {
        r.gapText = text(
          `还需${count(still, u).zh}：剩余${rem}个月中有${still}个月各需1条Q线${legs.zh}`,
          `${moreEn(still, u)}: a Q leg in ${still} of the remaining ${monthsEn(rem)}${legs.en}`,
        );
        r.need = text(`1条Q线（剩余${rem}个月中需${still}个月）`, `a Q leg (${still} of the ${rem} months left)`);
      } else {
        const per = Math.ceil(still / rem);
        r.gapText = text(
          `还需${count(still, u).zh}：剩余${rem}个月每月需${per}条Q线${legs.zh}`,
          `${moreEn(still, u)}: ${per} Q legs a month over the remaining ${monthsEn(rem)}${legs.en}`,
        );
        r.need = text(`${per}条Q线`, `${per} Q legs`);
      }
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
        r.gapText = hasCur
          ? text(
              `需任一月APV达${num(c.min)}；本月目前${num(cur)}，还差${num(c.min - cur)}`,
              `needs one month with APV ≥ ${num(c.min)}; this month ${num(cur)} so far, ${num(c.min - cur)} to go`,
            )
          : text(`需任一月APV达${num(c.min)}`, `needs one month with APV ≥ ${num(c.min)}`);
        const any = text(`APV ≥ ${num(c.min)}`, `APV ≥ ${num(c.min)}`);
        const needAt: (Text | undefined)[] = new Array<Text | undefined>(s.len).fill(any);
        if (hasCur) needAt[s.curPos] = text(`还差${num(c.min - cur)}`, `${num(c.min - cur)} to go`);
        r.needAt = needAt;
      } else {
        r.missedText = text(`最佳月份APV ${num(best)}，差${num(c.min - best)}`, `best month APV ${num(best)}, ${num(c.min - best)} short`);
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
    const u = CRITERION_KINDS.lddMarkets.unitForms;
    if (shortOf(s, o.achieved, r.capacity, c.min)) {
      const f = s.frontlineLegs;
      const end = endText(s);
      // New legs sponsored now can still each reach the Q months needed when enough months are left.
      if (o.openMonths >= need) {
        r.buildable = Infinity;
        r.buildText = () =>
          text(
            `到${end.zh}前还需${count(still, u).zh}：现有一线最多${o.capacity}条能达到${need}个Q月，其余需新推荐的一线在剩余${o.openMonths}个月中各有${need}个月达Q`,
            `${moreEn(still, u)} by ${end.en}: your current frontline can give at most ${o.capacity}; the rest needs new legs, each Q in ${need} of the ${monthsEn(o.openMonths)} left`,
          );
      }
      r.why = () =>
        f !== undefined && f < c.min
          ? { code: 'legs', params: { kind: 'lddMarkets', need: c.min, legs: f } }
          : { code: 'monthsLeft', params: { kind: 'lddMarkets', still, cap: o.capacity, q: need, end: periodEnd(s) } };
    } else if (still > 0 && s.remaining > 0) {
      r.pace = legPace(o, c.min, s, 0);
      if (detail) {
        const end = endText(s);
        // The closest legs first, then new legs (need Q months each).
        const list = o.short.slice(0, still);
        const fresh = Math.min(still - list.length, o.openMonths >= need ? o.fresh : 0);
        const parts = list.map(String);
        for (let k = 0; k < fresh; k++) parts.push(String(need));
        const nums = text(parts.join('、'), parts.join(', '));
        r.gapText = text(
          `到${end.zh}前还需${count(still, u).zh}：最接近的一线分别还需${nums.zh}个Q月（每条需${need}个Q月）`,
          `${moreEn(still, u)} by ${end.en}: the closest legs need ${nums.en} more Q months (${need} each)`,
        );
        r.need = text(`最接近的${parts.length}条一线需为Q`, `Q for the ${parts.length} closest leg${parts.length === 1 ? '' : 's'}`);
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
      const name = pinName(c.pin);
      const end = endText(s);
      const rule = pinRule(c.pin, s.rules);
      r.gapText = text(
        `需于${end.zh}前在${s.py}年度达到${name.zh}资格：${rule.zh}`,
        `qualify as ${name.en} in ${s.py} by ${end.en}: ${rule.en}`,
      );
      r.missedText = text(`${s.py}年度未达到${name.zh}资格`, `${name.en} not qualified in ${s.py}`);
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
      const name = pinName(Math.max(c.minPin, nextPinAbove(s, held)));
      const end = endText(s);
      if (s.remaining > 0) {
        r.gapText = text(`需于${end.zh}前晋升新奖衔（${name.zh}或以上）`, `reach a new pin (${name.en} or above) by ${end.en}`);
      }
      r.missedText = text('本年度未晋升新奖衔', 'no new pin this year');
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
    const named = (want: number) => listText(c.events.filter((_, i) => state[i] === want).map((e) => eventText(e.name, e.month)));
    if (shortOf(s, achieved, open, required)) {
      r.why = () => ({
        code: 'eventPassed',
        params: { events: c.events.filter((_, i) => state[i] === 0).map((e) => e.code), still, open },
      });
    } else if (detail && still > 0 && s.remaining > 0) {
      const names = named(2);
      const end = endText(s);
      r.gapText =
        still >= open
          ? text(`需于${end.zh}前出席：${names.zh}`, `attend ${names.en} by ${end.en}`)
          : text(`需于${end.zh}前再出席${still}场：${names.zh}`, `attend ${still} more by ${end.en}, of: ${names.en}`);
      const needAt: (Text | undefined)[] = new Array<Text | undefined>(s.len).fill(undefined);
      c.events.forEach((e, i) => {
        const pos = e.month === undefined ? -1 : monthIndex(e.month) - s.first;
        if (state[i] !== 2 || pos < 0 || pos >= s.len) return;
        const prev = needAt[pos];
        needAt[pos] = prev ? text(`${prev.zh}、${e.name.zh}`, `${prev.en}, ${e.name.en}`) : text(`出席${e.name.zh}`, `attend ${e.name.en}`);
      });
      r.needAt = needAt;
    }
    if (detail && s.remaining === 0 && still > 0) {
      const missing = listText(c.events.filter((_, i) => state[i] !== 1).map((e) => eventText(e.name, e.month)));
      r.missedText = text(`未出席：${missing.zh}`, `not attended: ${missing.en}`);
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
