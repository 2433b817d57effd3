// One descriptor per criterion kind: what it is called, its unit, how it is measured, whether
// pace applies, which plan subpage explains it and which glossary terms it needs. The evaluator,
// the BFF and the web app read these instead of each keeping its own switch over kinds. Plain
// data and pure functions only (no Node APIs): the browser imports it from @abo/plan.
import type { PyName } from '../calendar.ts';
import { pinName } from '../pins.ts';
import { num, text, type Text } from '../text.ts';
import type { Criterion, CriterionKind } from './types.ts';

/**
 * How a kind's achieved value is measured over the plan's period:
 * - months: qualifying months counted (PQ, SP, compliance, months meeting a condition);
 * - volume: a quantity over the months, summed (FLQ months, points, customers, cumulative APV)
 *   or the best single month (APV in one month);
 * - pin: a pin code held or reached (shown as the pin's name, never as a fraction);
 * - legs: frontline legs that reached the LDD level;
 * - events: required events attended;
 * - score: points of an index composed of other measures.
 */
export type CriterionMeasure = 'months' | 'volume' | 'pin' | 'legs' | 'events' | 'score';

/** Plan subpages that explain a criterion in detail (the spec's plan pages; a plan route has some of them). */
export type CriterionSubpage =
  'pqdetails' | 'pqflqdetails' | 'flqdetails' | 'apvdetails' | 'pincodedetails' | 'attendancereqs' | 'lddmarketdetails' | 'components';

/** Terms of the plan page's glossary. */
export type GlossaryTerm = 'pq' | 'q' | 'flq' | 'apv' | 'ldd' | 'compliance' | 'sp' | 'pin' | 'points';

/** A unit in words: Chinese (after the number), English singular and plural. */
export interface UnitForms {
  readonly zh: string;
  readonly one: string;
  readonly many: string;
}

type CriterionOf<K extends CriterionKind> = Extract<Criterion, { kind: K }>;

export interface CriterionKindInfo<K extends CriterionKind = CriterionKind> {
  readonly kind: K;
  /** What the kind counts ("PQ months"). */
  readonly label: Text;
  /** The unit of required and achieved, as results carry it. */
  readonly unit: Text;
  /** The unit for sentences ("3 more PQ months"). */
  readonly unitForms: UnitForms;
  readonly measure: CriterionMeasure;
  /**
   * Progress can be judged against pro-rata pace (on track / at risk) and ranked by
   * achieved / required. The APV criterion's one-month mode narrows this (a best month has no pace).
   * Kinds without it get their pace elsewhere: pins from the pace of their ladder conditions,
   * events from their schedule (evaluate.ts).
   */
  readonly paceable: boolean;
  /** Subpages that explain it, most specific first: a plan route shows the first one it has. */
  readonly subpages: readonly CriterionSubpage[];
  readonly terms: readonly GlossaryTerm[];
  /**
   * The criterion with its threshold, in words ("PQ months ≥ 3"); `py` is the plan's PY (a pin
   * is asked for as qualified in it).
   */
  describe(c: CriterionOf<K>, py?: PyName): Text;
  /** The number achieved is held against (a pin code for pin kinds). */
  required(c: CriterionOf<K>): number;
}

function unit(forms: UnitForms): { unit: Text; unitForms: UnitForms } {
  return { unit: text(forms.zh.trim(), forms.many), unitForms: forms };
}

const atLeast = (label: Text) => (c: { readonly min: number }) => text(`${label.zh} ≥ ${num(c.min)}`, `${label.en} ≥ ${num(c.min)}`);
const minOf = (c: { readonly min: number }) => c.min;

const PQ = text('PQ月', 'PQ months');
const FLQ = text('FLQ月', 'FLQ months');
const SP = text('SP月', 'SP months');
const COMPLIANCE = text('合规月', 'Compliance months');
const LDD = text('LDD市场', 'LDD markets');
const POINTS = text('积分', 'Points');
const CUSTOMERS = text('新顾客', 'New customers');

export const CRITERION_KINDS: { readonly [K in CriterionKind]: CriterionKindInfo<K> } = {
  pinAtLeast: {
    kind: 'pinAtLeast',
    label: text('奖衔', 'Pin'),
    ...unit({ zh: '奖衔', one: 'pin', many: 'pin' }),
    measure: 'pin',
    paceable: false,
    subpages: ['pincodedetails'],
    terms: ['pin'],
    describe(c, py) {
      const n = pinName(c.pin);
      return py
        ? text(`${py}年度达到${n.zh}或以上资格`, `Pin ${n.en} or above, qualified in ${py}`)
        : text(`奖衔${n.zh}或以上`, `Pin ${n.en} or above`);
    },
    required: (c) => c.pin,
  },
  newPin: {
    kind: 'newPin',
    label: text('新奖衔', 'New pin'),
    ...unit({ zh: '奖衔', one: 'pin', many: 'pin' }),
    measure: 'pin',
    paceable: false,
    subpages: ['pincodedetails'],
    terms: ['pin'],
    describe(c) {
      const n = pinName(c.minPin);
      return text(`本年度晋升新奖衔（${n.zh}或以上）`, `A new pin this year (${n.en} or above)`);
    },
    required: (c) => c.minPin,
  },
  pqMonths: {
    kind: 'pqMonths',
    label: PQ,
    ...unit({ zh: '个PQ月', one: 'PQ month', many: 'PQ months' }),
    measure: 'months',
    paceable: true,
    subpages: ['pqdetails', 'pqflqdetails'],
    terms: ['pq', 'q'],
    describe: atLeast(PQ),
    required: minOf,
  },
  flqMonths: {
    kind: 'flqMonths',
    label: FLQ,
    ...unit({ zh: '个FLQ月', one: 'FLQ month', many: 'FLQ months' }),
    measure: 'volume',
    paceable: true,
    subpages: ['flqdetails', 'pqflqdetails'],
    terms: ['flq'],
    describe: atLeast(FLQ),
    required: minOf,
  },
  spMonths: {
    kind: 'spMonths',
    label: SP,
    ...unit({ zh: '个SP月', one: 'SP month', many: 'SP months' }),
    measure: 'months',
    paceable: true,
    subpages: [],
    terms: ['sp'],
    describe: atLeast(SP),
    required: minOf,
  },
  apv: {
    kind: 'apv',
    label: text('APV', 'APV'),
    ...unit({ zh: ' PV', one: 'PV', many: 'PV' }),
    measure: 'volume',
    paceable: true,
    subpages: ['apvdetails'],
    terms: ['apv'],
    describe: (c) =>
      c.mode === 'cumulative'
        ? text(`累计APV ≥ ${num(c.min)}`, `Cumulative APV ≥ ${num(c.min)}`)
        : text(`单月APV ≥ ${num(c.min)}`, `APV ≥ ${num(c.min)} in one month`),
    required: minOf,
  },
  lddMarkets: {
    kind: 'lddMarkets',
    label: LDD,
    ...unit({ zh: '个LDD市场', one: 'LDD market', many: 'LDD markets' }),
    measure: 'legs',
    paceable: true,
    subpages: ['lddmarketdetails'],
    terms: ['ldd'],
    describe: atLeast(LDD),
    required: minOf,
  },
  complianceMonths: {
    kind: 'complianceMonths',
    label: COMPLIANCE,
    ...unit({ zh: '个合规月', one: 'compliance month', many: 'compliance months' }),
    measure: 'months',
    paceable: true,
    subpages: [],
    terms: ['compliance'],
    describe: atLeast(COMPLIANCE),
    required: minOf,
  },
  attendance: {
    kind: 'attendance',
    label: text('指定活动', 'Required events'),
    ...unit({ zh: '场活动', one: 'event', many: 'events' }),
    measure: 'events',
    paceable: false,
    subpages: ['attendancereqs'],
    terms: [],
    describe(c) {
      const need = c.min ?? c.events.length;
      return text(`出席指定活动 ${need}/${c.events.length}`, `Attend ${need} of ${c.events.length} required events`);
    },
    required: (c) => c.min ?? c.events.length,
  },
  points: {
    kind: 'points',
    label: POINTS,
    ...unit({ zh: '积分', one: 'point', many: 'points' }),
    measure: 'volume',
    paceable: true,
    subpages: [],
    terms: ['points'],
    describe: atLeast(POINTS),
    required: minOf,
  },
  customers: {
    kind: 'customers',
    label: CUSTOMERS,
    ...unit({ zh: '位新顾客', one: 'new customer', many: 'new customers' }),
    measure: 'volume',
    paceable: true,
    subpages: [],
    terms: [],
    describe: atLeast(CUSTOMERS),
    required: minOf,
  },
  monthsMeeting: {
    kind: 'monthsMeeting',
    label: text('达标月', 'Qualifying months'),
    ...unit({ zh: '个达标月', one: 'qualifying month', many: 'qualifying months' }),
    measure: 'months',
    paceable: true,
    subpages: [],
    terms: [],
    describe: (c) => text(`${c.name.zh} ≥ ${num(c.min)}个月`, `${c.name.en}: ≥ ${num(c.min)} month${c.min === 1 ? '' : 's'}`),
    required: minOf,
  },
  score: {
    kind: 'score',
    label: text('积分指数', 'Points index'),
    ...unit({ zh: '分', one: 'point', many: 'points' }),
    measure: 'score',
    paceable: true,
    subpages: ['components'],
    terms: ['points', 'pq', 'flq'],
    describe: (c) => text(`${c.name.zh} ≥ ${num(c.min)}`, `${c.name.en} ≥ ${num(c.min)}`),
    required: minOf,
  },
};

/** The descriptor of a criterion's kind. */
export function kindOf(c: Criterion): CriterionKindInfo {
  return CRITERION_KINDS[c.kind] as CriterionKindInfo;
}

const labels = new WeakMap<Criterion, Map<PyName, Text>>();

/** Human label of a criterion ("FLQ months ≥ 12") in a plan of `py`; computed once per criterion and PY. */
export function criterionLabel(c: Criterion, py: PyName = ''): Text {
  let byPy = labels.get(c);
  if (!byPy) labels.set(c, (byPy = new Map()));
  let t = byPy.get(py);
  if (!t) byPy.set(py, (t = kindOf(c).describe(c, py || undefined)));
  return t;
}

/** The number a criterion's achieved value is held against. */
export function criterionRequired(c: Criterion): number {
  return kindOf(c).required(c);
}
