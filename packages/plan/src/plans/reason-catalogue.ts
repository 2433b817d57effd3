// The out-of-reach reasons in words: the engine finds a reason as `{ code, params }` (small plain
// values, types.ts ReasonParamsByCode) and this catalogue is the one place that words it, in
// Chinese and English, for the pages, the stored plan summaries and the notifications (issue #34).
// The close stores the code and params only (summary-codec.ts); the sentence is made on reading.
import { pinName } from '../pins.ts';
import { num, text, type Text } from '../text.ts';
import { CRITERION_KINDS } from './kinds.ts';
import { count, endWords, eventText, listText, moreEn, monthsEn, remainingEn, remainingZh } from './measure-basics.ts';
import { attendanceEvents, PLANS } from './registry.ts';
import type { AttendanceEvent, PinReasonParams, Reason, ReasonCode, ReasonParamsByCode, StatusReason } from './types.ts';

/** The events of every plan of the registry, by code (a stored reason names its events by code). */
let registryEvents: ReadonlyMap<string, AttendanceEvent> | undefined;
function registryEvent(code: string): AttendanceEvent | undefined {
  if (!registryEvents) {
    const all = new Map<string, AttendanceEvent>();
    for (const plan of PLANS) for (const e of attendanceEvents(plan)) if (!all.has(e.code)) all.set(e.code, e);
    registryEvents = all;
  }
  return registryEvents.get(code);
}

/** An event named by code: among the criterion's `events`, else among the registry's plans. */
export function eventNamed(code: string, events: readonly AttendanceEvent[]): AttendanceEvent | undefined {
  return events.find((x) => x.code === code) ?? registryEvent(code);
}

function monthsLeft(p: ReasonParamsByCode['monthsLeft']): Text {
  const u = CRITERION_KINDS[p.kind].unitForms;
  const still = count(p.still, u).zh;
  if ('q' in p) {
    const end = endWords(p.end);
    return text(
      `还需${still}，但到${end.zh}前只有${p.cap}条一线还能达到${p.q}个Q月`,
      `${moreEn(p.still, u)} needed, but only ${p.cap} leg${p.cap === 1 ? '' : 's'} can still reach ${p.q} Q months by ${end.en}`,
    );
  }
  if ('left' in p) {
    return text(`还需${still}，${remainingZh(p.left)}无法达到`, `${moreEn(p.still, u)} needed: more than ${remainingEn(p.left)} can give`);
  }
  return p.cap === 0
    ? text(`还需${still}，但已没有还能计入的月份`, `${moreEn(p.still, u)} needed, but no month left can still count`)
    : text(
        `还需${still}，但剩余只有${p.cap}个月还能计入`,
        `${moreEn(p.still, u)} needed, but only ${p.cap} remaining month${p.cap === 1 ? '' : 's'} can still count`,
      );
}

function legs(p: ReasonParamsByCode['legs']): Text {
  const u = CRITERION_KINDS[p.kind].unitForms;
  const f = p.legs;
  if ('need' in p) {
    const need = count(p.need, u);
    return f
      ? text(`需${need.zh}，但一线只有${f}条`, `needs ${need.en} but the frontline has only ${f} leg${f === 1 ? '' : 's'}`)
      : text(`需${need.zh}，但没有一线`, `needs ${need.en} but there are no frontline legs`);
  }
  const still = count(p.still, u).zh;
  const more = moreEn(p.still, u);
  const them = f === 1 ? 'the 1 frontline leg' : `the ${f} frontline legs`;
  if (!f) return text(`还需${still}，但没有一线`, `${more} needed, but there are no frontline legs`);
  return p.cap === 0
    ? text(
        `还需${still}，但${f}条一线在${remainingZh(p.left)}内已无法再得`,
        `${more} needed, but ${them} can add none in ${remainingEn(p.left)}`,
      )
    : text(
        `还需${still}，但${f}条一线在${remainingZh(p.left)}内最多只能再得${num(p.cap)}个`,
        `${more} needed, but ${them} can add at most ${num(p.cap)} in ${remainingEn(p.left)}`,
      );
}

/** Events named by code, with their months (`events`: as for eventNamed). */
export function eventsText(codes: readonly string[], events: readonly AttendanceEvent[]): Text {
  return listText(
    codes.map((code) => {
      const e = eventNamed(code, events);
      return e ? eventText(e.name, e.month) : text(code, code);
    }),
  );
}

function eventPassed(p: ReasonParamsByCode['eventPassed'], events: readonly AttendanceEvent[]): Text {
  const names = eventsText(p.events, events);
  return p.open
    ? text(
        `${names.zh}已过，未出席：还需出席${p.still}场，仅剩${p.open}场`,
        `${names.en} passed without attendance: ${p.still} more needed, only ${p.open} still to come`,
      )
    : text(`${names.zh}已过，未出席`, `${names.en} passed without attendance`);
}

function maxPoints(p: ReasonParamsByCode['maxPoints']): Text {
  const end = endWords(p.end);
  return text(
    `到${end.zh}最多可得${num(p.most)}分，需${num(p.need)}分`,
    `at most ${num(p.most)} points by ${end.en}, ${num(p.need)} needed`,
  );
}

function pinNotReachable(p: PinReasonParams): Text {
  const pin = pinName(p.pin);
  if (!('cond' in p)) {
    const end = endWords(p.end);
    return text(`${pin.zh}无法于${end.zh}前达到`, `${pin.en} cannot be reached by ${end.en}`);
  }
  const min = p.min;
  switch (p.cond) {
    case 'spMonths':
      return text(
        `${pin.zh}需本年度${min}个SP月：目前${p.got}个，仅剩${p.open}个月`,
        `${pin.en} needs ${min} SP months in the PY: ${p.got} so far and only ${monthsEn(p.open)} left`,
      );
    case 'sideVolumeMonths': {
      const pv = num(p.pv);
      return text(
        `${pin.zh}需${min}个月APV≥${pv}：目前${p.got}个，仅剩${p.open}个月`,
        `${pin.en} needs ${min} months with APV ≥ ${pv}: ${p.got} so far and only ${monthsEn(p.open)} left`,
      );
    }
    case 'maxSpRun': {
      const end = endWords(p.end);
      return text(
        `${pin.zh}需连续${min}个SP月：到${end.zh}最多只能连续${p.most}个`,
        `${pin.en} needs ${min} consecutive SP months: at most ${p.most} possible by ${end.en}`,
      );
    }
    case 'qualifiedLegs':
    case 'foundersLegs': {
      if ('legs' in p) {
        const f = p.legs;
        return text(
          `${pin.zh}需${min}条一线各本年度Q≥${p.q}个月，但${f ? `一线只有${f}条` : '没有一线'}`,
          `${pin.en} needs ${min} frontline legs each Q ≥ ${p.q} months of the PY; ${f ? `the frontline has only ${f}` : 'there are no frontline legs'}`,
        );
      }
      const end = endWords(p.end);
      return text(
        `${pin.zh}需${min}条一线各本年度Q≥${p.q}个月：目前${p.got}条，到${end.zh}前最多还有${p.cap}条能达到`,
        `${pin.en} needs ${min} frontline legs each Q ≥ ${p.q} months of the PY: ${p.got} so far, at most ${p.cap} more can get there by ${end.en}`,
      );
    }
    case 'qualificationCredits':
      return text(
        `${pin.zh}需${min}个资格积分（下线本年度合资格的领导人）：本年度结算为${p.got}个`,
        `${pin.en} needs ${min} qualification credits (the downline's leaders qualified in the PY): the PY closed with ${p.got}`,
      );
  }
}

/**
 * A reason in words. `events`: the required events of the criterion it comes from (a stored
 * reason, read without its plan, finds them among the registry's plans by code).
 */
export function reasonText(r: Reason, events: readonly AttendanceEvent[] = []): Text {
  switch (r.code) {
    case 'monthsLeft':
      return monthsLeft(r.params);
    case 'legs':
      return legs(r.params);
    case 'eventPassed':
      return eventPassed(r.params, events);
    case 'maxPoints':
      return maxPoints(r.params);
    case 'pinNotReachable':
      return pinNotReachable(r.params);
  }
}

/**
 * A reason with its sentence (results carry both: pages show the sentence, the close stores the
 * code and params). The sentence is made when first read: the close and the notifications read
 * many more reasons than anyone shows.
 */
export function withText(r: Reason, events?: readonly AttendanceEvent[]): StatusReason {
  let words: Text | undefined;
  return {
    ...r,
    get text(): Text {
      return (words ??= reasonText(r, events));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Reading stored params back: checked, so a damaged row is left out rather than worded wrong.

/** Each code's params: the keys of each form, and which criterion kinds or pin conditions it goes with. */
const FORMS: { readonly [C in ReasonCode]: readonly { readonly keys: string; readonly of?: readonly string[] }[] } = {
  monthsLeft: [{ keys: 'kind still cap q end', of: ['lddMarkets'] }, { keys: 'kind still cap' }, { keys: 'kind still left' }],
  legs: [
    { keys: 'kind still legs cap left', of: ['flqMonths'] },
    { keys: 'kind need legs', of: ['lddMarkets'] },
  ],
  eventPassed: [{ keys: 'events still open' }],
  maxPoints: [{ keys: 'most need end' }],
  pinNotReachable: [
    { keys: 'pin cond min got open', of: ['spMonths'] },
    { keys: 'pin cond min got open pv', of: ['sideVolumeMonths'] },
    { keys: 'pin cond min most end', of: ['maxSpRun'] },
    { keys: 'pin cond min q legs', of: ['qualifiedLegs', 'foundersLegs'] },
    { keys: 'pin cond min q got cap end', of: ['qualifiedLegs', 'foundersLegs'] },
    { keys: 'pin cond min got', of: ['qualificationCredits'] },
    { keys: 'pin end' },
  ],
};

const END = /^\d{4}-(0[1-9]|1[0-2])$/;

function valueFits(key: string, v: unknown): boolean {
  switch (key) {
    case 'kind':
      return typeof v === 'string' && Object.hasOwn(CRITERION_KINDS, v);
    case 'cond':
      return typeof v === 'string';
    case 'end':
      return typeof v === 'string' && END.test(v);
    case 'events':
      return Array.isArray(v) && v.every((code) => typeof code === 'string' && registryEvent(code) !== undefined);
    default:
      return typeof v === 'number' && Number.isFinite(v);
  }
}

/** The forms with their keys as lists (split once, not per row). */
const KEYED: ReadonlyMap<string, readonly { readonly list: readonly string[]; readonly of: readonly string[] | undefined }[]> = new Map(
  Object.entries(FORMS).map(([code, forms]) => [code, forms.map((f) => ({ list: f.keys.split(' '), of: f.of }))]),
);

/** A stored `{ code, params }` as a reason, or null when it is not one this catalogue can word. */
export function readReason(code: unknown, params: unknown): Reason | null {
  const forms = typeof code === 'string' ? KEYED.get(code) : undefined;
  if (!forms) return null;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const p = params as Record<string, unknown>;
  const size = Object.keys(p).length;
  const of = String(p.kind ?? p.cond);
  const form = forms.find(
    (f) => f.list.length === size && (!f.of || f.of.includes(of)) && f.list.every((k) => Object.hasOwn(p, k) && valueFits(k, p[k])),
  );
  return form ? ({ code, params } as Reason) : null;
}
