// Gaps and the traces' month needs in words: the engine finds what a criterion still takes as
// `{ code, params }` (small plain values, types.ts GapParamsByCode and NeedParamsByCode) and this
// catalogue is the one place that words it, in Chinese and English, for the plan pages and what
// restates them (issue #34). An out-of-reach gap restates its reason, worded by reason-catalogue.ts.
import { pinName } from '../pins.ts';
import { pinRule } from '../pin-words.ts';
import { rulesFor } from '../rules/registry.ts';
import { num, text, type Text } from '../text.ts';
import { CRITERION_KINDS } from './kinds.ts';
import { count, endWords, moreEn, monthsEn, nounZh, remainingEn, remainingZh } from './measure-basics.ts';
import { eventNamed, eventsText, reasonText } from './reason-catalogue.ts';
import type { AttendanceEvent, GapNote, GapParamsByCode, NeedNote } from './types.ts';

/** Reached with the open month's figures so far: said until that month closes. */
export const MET_SO_FAR = text('本月至今已达标，待本月结算后确认', 'met so far: confirmed when this month closes');

const unitOf = (kind: keyof typeof CRITERION_KINDS) => CRITERION_KINDS[kind].unitForms;

/** Count criteria: "N of the remaining M months". */
function monthsToCount({ kind, still, slots }: GapParamsByCode['monthsToCount']): Text {
  const u = unitOf(kind);
  if (still >= slots) {
    return slots === 1
      ? text(`还需${count(still, u).zh}：剩余可计入的1个月须达标`, `${moreEn(still, u)}: the one month left that can count`)
      : text(`还需${count(still, u).zh}：剩余${slots}个月须全部达标`, `${moreEn(still, u)}: all of the remaining ${monthsEn(slots)}`);
  }
  return text(
    `还需${count(still, u).zh}：剩余${slots}个月中的${still}个月`,
    `${moreEn(still, u)}: ${num(still)} of the remaining ${monthsEn(slots)}`,
  );
}

function perMonth({ kind, still, left, per }: GapParamsByCode['perMonth']): Text {
  const u = unitOf(kind);
  if (left === 1) return text(`最后1个月内还需${count(still, u).zh}`, `${moreEn(still, u)} in the last month`);
  const each = count(per, u);
  return text(
    `剩余${left}个月内还需${count(still, u).zh}（每月${each.zh}）`,
    `${moreEn(still, u)} over the remaining ${monthsEn(left)} (${each.en} a month)`,
  );
}

function apvOneMonth(p: GapParamsByCode['apvOneMonth']): Text {
  const min = num(p.min);
  if (p.cur === undefined) return text(`需任一月APV达${min}`, `needs one month with APV ≥ ${min}`);
  const cur = num(p.cur);
  const short = num(p.min - p.cur);
  return text(
    `需任一月APV达${min}；本月目前${cur}，还差${short}`,
    `needs one month with APV ≥ ${min}; this month ${cur} so far, ${short} to go`,
  );
}

function flqQLegs({ still, left, legs: f }: GapParamsByCode['flqQLegs']): Text {
  const u = unitOf('flqMonths');
  const legs = f !== undefined ? text(`（一线共${f}条）`, ` (${f} frontline leg${f === 1 ? '' : 's'})`) : text('', '');
  if (left === 1) {
    // The last month: every leg still needed must be Q in it.
    return text(
      `还需${count(still, u).zh}：最后1个月需${still}条Q线${legs.zh}`,
      `${moreEn(still, u)}: ${still === 1 ? 'a Q leg' : `${still} Q legs`} in the last month${legs.en}`,
    );
  }
  if (still <= left) {
    return text(
      `还需${count(still, u).zh}：剩余${left}个月中有${still}个月各需1条Q线${legs.zh}`,
      `${moreEn(still, u)}: a Q leg in ${still} of the remaining ${monthsEn(left)}${legs.en}`,
    );
  }
  const per = Math.ceil(still / left);
  return text(
    `还需${count(still, u).zh}：剩余${left}个月每月需${per}条Q线${legs.zh}`,
    `${moreEn(still, u)}: ${per} Q legs a month over the remaining ${monthsEn(left)}${legs.en}`,
  );
}

function flqNewLegs({ still, legs: f, cap, left }: GapParamsByCode['flqNewLegs']): Text {
  const u = unitOf('flqMonths');
  const yours = `your ${f === 1 ? '1 frontline leg' : `${f} frontline legs`}`;
  if (!f) {
    return text(
      `还需${count(still, u).zh}：目前没有一线，需新推荐的一线在${remainingZh(left)}内达Q`,
      `${moreEn(still, u)}: no frontline legs yet, so new legs would have to reach Q in ${remainingEn(left)}`,
    );
  }
  return cap === 0
    ? text(
        `还需${count(still, u).zh}：现有${f}条一线在${remainingZh(left)}内已无法再得，需新推荐的一线达Q`,
        `${moreEn(still, u)}: ${yours} can add none in ${remainingEn(left)}; new legs would have to reach Q`,
      )
    : text(
        `还需${count(still, u).zh}：现有${f}条一线在${remainingZh(left)}内最多再得${num(cap)}个，其余需新推荐的一线达Q`,
        `${moreEn(still, u)}: ${yours} can add at most ${num(cap)} in ${remainingEn(left)}; the rest needs new legs that reach Q`,
      );
}

function lddClosest({ still, q, closest, end }: GapParamsByCode['lddClosest']): Text {
  const u = unitOf('lddMarkets');
  const by = endWords(end);
  const nums = text(closest.join('、'), closest.join(', '));
  return text(
    `到${by.zh}前还需${count(still, u).zh}：最接近的一线分别还需${nums.zh}个Q月（每条需${q}个Q月）`,
    `${moreEn(still, u)} by ${by.en}: the closest legs need ${nums.en} more Q months (${q} each)`,
  );
}

function lddNewLegs({ still, cap, q, open, end }: GapParamsByCode['lddNewLegs']): Text {
  const u = unitOf('lddMarkets');
  const by = endWords(end);
  return text(
    `到${by.zh}前还需${count(still, u).zh}：现有一线最多${cap}条能达到${q}个Q月，其余需新推荐的一线在剩余${open}个月中各有${q}个月达Q`,
    `${moreEn(still, u)} by ${by.en}: your current frontline can give at most ${cap}; the rest needs new legs, each Q in ${q} of the ${monthsEn(open)} left`,
  );
}

function pinToQualify({ pin, py, end }: GapParamsByCode['pinToQualify']): Text {
  const name = pinName(pin);
  const by = endWords(end);
  // The rules of the PY the period closes in, as the evaluator judged the pin by (history-summary.ts).
  const rule = pinRule(pin, rulesFor(py, { fallback: 'nearest' }));
  return text(`需于${by.zh}前在${py}年度达到${name.zh}资格：${rule.zh}`, `qualify as ${name.en} in ${py} by ${by.en}: ${rule.en}`);
}

function attend({ events: codes, still, end }: GapParamsByCode['attend'], events: readonly AttendanceEvent[]): Text {
  const names = eventsText(codes, events);
  const by = endWords(end);
  return still >= codes.length
    ? text(`需于${by.zh}前出席：${names.zh}`, `attend ${names.en} by ${by.en}`)
    : text(`需于${by.zh}前再出席${still}场：${names.zh}`, `attend ${still} more by ${by.en}, of: ${names.en}`);
}

/**
 * A gap in words. `events`: the required events of the criterion it comes from (events named by
 * code are found there, or among the registry's plans).
 */
export function gapText(g: GapNote, events: readonly AttendanceEvent[] = []): Text {
  switch (g.code) {
    case 'missedBy': {
      const n = count(g.params.still, unitOf(g.params.kind));
      return text(`差${n.zh}`, `missed by ${n.en}`);
    }
    case 'metSoFar':
      return MET_SO_FAR;
    case 'monthsToCount':
      return monthsToCount(g.params);
    case 'perMonth':
      return perMonth(g.params);
    case 'apvOneMonth':
      return apvOneMonth(g.params);
    case 'apvBestMonth': {
      const { best, min } = g.params;
      return text(`最佳月份APV ${num(best)}，差${num(min - best)}`, `best month APV ${num(best)}, ${num(min - best)} short`);
    }
    case 'flqQLegs':
      return flqQLegs(g.params);
    case 'flqNewLegs':
      return flqNewLegs(g.params);
    case 'lddClosest':
      return lddClosest(g.params);
    case 'lddNewLegs':
      return lddNewLegs(g.params);
    case 'pinToQualify':
      return pinToQualify(g.params);
    case 'pinNotQualified': {
      const name = pinName(g.params.pin);
      return text(`${g.params.py}年度未达到${name.zh}资格`, `${name.en} not qualified in ${g.params.py}`);
    }
    case 'newPinToReach': {
      const name = pinName(g.params.pin);
      const by = endWords(g.params.end);
      return text(`需于${by.zh}前晋升新奖衔（${name.zh}或以上）`, `reach a new pin (${name.en} or above) by ${by.en}`);
    }
    case 'noNewPin':
      return text('本年度未晋升新奖衔', 'no new pin this year');
    case 'attend':
      return attend(g.params, events);
    case 'notAttended': {
      const missing = eventsText(g.params.events, events);
      return text(`未出席：${missing.zh}`, `not attended: ${missing.en}`);
    }
    default:
      return reasonText(g, events);
  }
}

/** A month's need in words (`events`: as for gapText). */
export function needText(n: NeedNote, events: readonly AttendanceEvent[] = []): Text {
  switch (n.code) {
    case 'monthCounts': {
      const { kind, still, slots } = n.params;
      const u = unitOf(kind);
      const noun = nounZh(u);
      return still >= slots
        ? text(`须为${noun}`, `must be a ${u.one}`)
        : text(`剩余${slots}个月中需${still}个${noun}`, `${still} of the ${slots} left must be ${u.many}`);
    }
    case 'figure': {
      const per = count(n.params.per, unitOf(n.params.kind));
      return text(`需${per.zh}`, `needs ${per.en}`);
    }
    case 'qLegs': {
      const { still, left } = n.params;
      if (left === 1) return text(`${still}条Q线`, still === 1 ? 'a Q leg' : `${still} Q legs`);
      if (still <= left) return text(`1条Q线（剩余${left}个月中需${still}个月）`, `a Q leg (${still} of the ${left} months left)`);
      const per = Math.ceil(still / left);
      return text(`${per}条Q线`, `${per} Q legs`);
    }
    case 'closestLegs': {
      const k = n.params.legs;
      return text(`最接近的${k}条一线需为Q`, `Q for the ${k} closest leg${k === 1 ? '' : 's'}`);
    }
    case 'apvAtLeast': {
      const min = num(n.params.min);
      return text(`APV ≥ ${min}`, `APV ≥ ${min}`);
    }
    case 'apvToGo': {
      const short = num(n.params.short);
      return text(`还差${short}`, `${short} to go`);
    }
    case 'attend': {
      const names = n.params.events.map((code) => eventNamed(code, events)?.name ?? text(code, code));
      return text(`出席${names.map((t) => t.zh).join('、')}`, `attend ${names.map((t) => t.en).join(', ')}`);
    }
  }
}
