// The demo dataset, in memory: a sponsorship tree, monthly orders over four PYs up to today,
// and the month-by-month close by the plan engine (volumes, brackets, Q/SP, service fees, pins).
// Deterministic: the same options give the same arrays. Writing to a database is write.ts.
//
// Layout: nodes are indexed sponsor-first (sponsorIndex[i] < i), as the engine's close needs:
//   [0, R)        the top leaders (roots)
//   [R, R + D)    the demo subtrees (demo.ts), hung under the first roots
//   [R + D, N)    generated distributors, in join order
// Per-month values are month-major typed arrays: cell = m * N + i, m = 0 for the first month
// (September three PYs before today's) … M - 1 for today's month (month to date).
import {
  buildChildren,
  closePeriod,
  dayOfMonth,
  daysInMonth,
  monthIndex,
  monthKeyOf,
  PIN,
  plansFor,
  pyFirstMonthIndex,
  pyName,
  pyOf,
  rulesFor,
  type AnnualBonus,
  type Children,
  type ClosedMonth,
  type MonthKey,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import type { EngineFigures, FigureMonths, Figures } from '../close/month-figures.ts';
import { demoMonth, demoNodes, newYearMonth, type DemoNode } from './demo.ts';
import { avatarDataUrl, randomPerson } from './people.ts';
import { Rng } from './prng.ts';
import { SHOPS } from './reference-data.ts';

export interface SeedOptions {
  /** Total distributors, the demo accounts and their fixed subtrees included. */
  readonly distributors: number;
  readonly seed: number;
  /** The business "today", `YYYY-MM-DD`: its month is month-to-date, earlier months are closed. */
  readonly today: string;
}

export interface Progress {
  readonly phase: string;
  readonly done: number;
  readonly total: number;
  readonly label?: string;
}
export type ProgressFn = (p: Progress) => void;

/** Kinds of generated distributor (volume and recruiting behaviour). */
export const KIND = { DORMANT: 0, CONSUMER: 1, BUILDER: 2, LEADER: 3, DEMO: 255 } as const;

export interface Calendar {
  /** Month index (monthIndex) of the first month: September of the PY three before today's. */
  readonly first: number;
  readonly todayMonth: number;
  /** Months first … today, `YYYY-MM`. */
  readonly months: readonly MonthKey[];
  /** Closed months = M - 1 (today's month is month-to-date). */
  readonly closed: number;
  /** Share of today's month elapsed (day / days in month). */
  readonly fraction: number;
  /** The four PYs, oldest first. */
  readonly pys: readonly PyName[];
  readonly rules: readonly RuleTable[];
}

/** The generated demo: the writers' figures (close/month-figures.ts) and what only the seed writes. */
export interface Dataset extends Figures {
  readonly options: SeedOptions;
  readonly cal: Calendar;
  readonly roots: number;
  readonly sponsor: Int32Array;
  readonly children: Children;
  readonly kind: Uint8Array;
  readonly joinDate: readonly string[];
  readonly treePos: Int32Array;
  readonly treeSize: Int32Array;
  readonly depth: Int32Array;
  readonly people: {
    readonly nameZh: string[];
    readonly nameEn: string[];
    readonly phone: string[];
    readonly nationalId: string[];
    readonly bankCard: string[];
    readonly bankName: string[];
    readonly market: string[];
    readonly shop: (string | null)[];
    readonly headImage: (string | null)[];
  };
  /** Month index the current pin was reached (-1: never rose above Member). */
  readonly pinMonth: Int32Array;
  /** Index of each demo node by key (A1, A1.L1, …). */
  readonly demo: ReadonlyMap<string, number>;
}

export const MIN_DISTRIBUTORS = 150;

/** Complimentary points of a month: 1 per 5 PV plus 30 per new customer (a month of net returns earns none for its PV). */
export function pointsOf(ppv: number, newCustomers: number): number {
  return Math.round(Math.max(0, ppv) / 5) + 30 * newCustomers;
}

// ---------------------------------------------------------------------------------------
// Calendar

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function calendarFor(today: string): Calendar {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`today must be YYYY-MM-DD: ${today}`);
  const todayMonth = monthIndex(today);
  const py = pyOf(today);
  const first = pyFirstMonthIndex(py) - 36;
  const months: MonthKey[] = [];
  for (let m = first; m <= todayMonth; m++) months.push(monthKeyOf(m));
  const pys: PyName[] = [];
  const startYear = Math.floor(first / 12);
  for (let k = 0; k < 4; k++) pys.push(pyName(startYear + k));
  return {
    first,
    todayMonth,
    months,
    closed: months.length - 1,
    fraction: dayOfMonth(today) / daysInMonth(today),
    pys,
    rules: months.map((m) => rulesFor(pyOf(m), { fallback: 'nearest' })),
  };
}

// ---------------------------------------------------------------------------------------
// Tree

/** Recruiting tickets per kind (dormant, consumer, builder, leader) and for a root. */
const TICKETS = [0, 1, 8, 40];
const ROOT_TICKETS = 150;

function kindOf(rng: Rng): number {
  const x = rng.next();
  return x < 0.015 ? KIND.LEADER : x < 0.135 ? KIND.BUILDER : x < 0.64 ? KIND.CONSUMER : KIND.DORMANT;
}

interface TreeParts {
  roots: number;
  sponsor: Int32Array;
  kind: Uint8Array;
  joinDay: Int32Array;
  demo: Map<string, number>;
  demoNodes: DemoNode[];
}

function buildTree(opts: SeedOptions, cal: Calendar, rng: Rng): TreeParts {
  const n = opts.distributors;
  const demo = demoNodes(cal.todayMonth);
  const roots = Math.max(3, Math.min(12, Math.round(n / 12_500)));
  if (n < Math.max(MIN_DISTRIBUTORS, roots + demo.length + 20)) {
    throw new RangeError(`at least ${MIN_DISTRIBUTORS} distributors are needed (the demo accounts take ${demo.length})`);
  }
  const sponsor = new Int32Array(n);
  const kind = new Uint8Array(n);
  const joinDay = new Int32Array(n);

  // Top leaders joined 2003–2008.
  const rootDays: number[] = [];
  for (let r = 0; r < roots; r++) rootDays.push(rng.int(dayNumber('2003-01-01'), dayNumber('2008-12-31')));
  rootDays.sort((a, b) => a - b);
  for (let r = 0; r < roots; r++) {
    sponsor[r] = -1;
    kind[r] = KIND.LEADER;
    joinDay[r] = rootDays[r]!;
  }

  // Demo subtrees.
  const demoIdx = new Map<string, number>();
  demo.forEach((d, k) => {
    const i = roots + k;
    demoIdx.set(d.key, i);
    const parent = d.parent === null ? (d.rootSlot ?? 0) % roots : demoIdx.get(d.parent);
    if (parent === undefined) throw new Error(`demo node ${d.key}: parent ${d.parent} must come first`);
    sponsor[i] = parent;
    kind[i] = KIND.DEMO;
    joinDay[i] = dayNumber(d.joinDate);
  });

  // Generated distributors: join times skewed toward recent years (the business grows),
  // sponsors drawn from recruiting tickets (leaders and builders recruit; every recruit adds a
  // ticket to its sponsor: rich get richer) or, a third of the time, among the latest tickets
  // (recent recruits recruiting in turn: the deep legs).
  const first = roots + demo.length;
  const count = n - first;
  const start = dayNumber('2009-01-01');
  const end = dayNumber(opts.today);
  const t = new Float64Array(count);
  for (let k = 0; k < count; k++) t[k] = Math.pow(rng.next(), 0.55);
  t.sort();
  let tickets = new Int32Array(Math.max(1024, count * 4));
  let nt = 0;
  const push = (node: number, times: number) => {
    if (nt + times > tickets.length) {
      const bigger = new Int32Array(Math.max(tickets.length * 2, nt + times));
      bigger.set(tickets.subarray(0, nt));
      tickets = bigger;
    }
    for (let k = 0; k < times; k++) tickets[nt++] = node;
  };
  for (let r = 0; r < roots; r++) push(r, ROOT_TICKETS);
  for (let k = 0; k < count; k++) {
    const i = first + k;
    const kd = kindOf(rng);
    kind[i] = kd;
    joinDay[i] = Math.min(end, start + Math.floor(t[k]! * (end - start + 1)));
    let s: number;
    if (rng.chance(0.33)) {
      const w = Math.min(nt, 600);
      s = tickets[nt - 1 - Math.floor(rng.next() * w)]!;
    } else {
      s = tickets[Math.floor(rng.next() * nt)]!;
    }
    sponsor[i] = s;
    push(s, 1);
    push(i, TICKETS[kd]!);
  }
  return { roots, sponsor, kind, joinDay, demo: demoIdx, demoNodes: demo };
}

/** Pre-order position, subtree size and depth (downline = pos < x.pos < pos + size). */
function treePositions(sponsor: Int32Array, children: Children) {
  const n = sponsor.length;
  const treePos = new Int32Array(n);
  const treeSize = new Int32Array(n).fill(1);
  const depth = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = sponsor[i]!;
    depth[i] = s < 0 ? 0 : depth[s]! + 1;
  }
  for (let i = n - 1; i >= 0; i--) {
    const s = sponsor[i]!;
    if (s >= 0) treeSize[s] = treeSize[s]! + treeSize[i]!;
  }
  // Iterative pre-order: a node's position is its parent's + 1 + the sizes of earlier siblings.
  let next = 0;
  for (let i = 0; i < n; i++) {
    if (sponsor[i]! >= 0) continue;
    treePos[i] = next;
    next += treeSize[i]!;
  }
  const { start, list } = children;
  for (let i = 0; i < n; i++) {
    // Sponsors come first, so treePos[i] is already set here.
    let p = treePos[i]! + 1;
    for (let k = start[i]!; k < start[i + 1]!; k++) {
      const c = list[k]!;
      treePos[c] = p;
      p += treeSize[c]!;
    }
  }
  return { treePos, treeSize, depth };
}

// ---------------------------------------------------------------------------------------
// People

const MARKETS = ['HK', 'TW', 'MY'];

function buildPeople(opts: SeedOptions, parts: TreeParts, rng: Rng) {
  const n = opts.distributors;
  const year = Number(opts.today.slice(0, 4));
  const people: Dataset['people'] = {
    nameZh: new Array<string>(n),
    nameEn: new Array<string>(n),
    phone: new Array<string>(n),
    nationalId: new Array<string>(n),
    bankCard: new Array<string>(n),
    bankName: new Array<string>(n),
    market: new Array<string>(n),
    shop: new Array<string | null>(n),
    headImage: new Array<string | null>(n),
  };
  const byIndex = new Map<number, DemoNode>();
  for (const d of parts.demoNodes) byIndex.set(parts.demo.get(d.key)!, d);
  for (let i = 0; i < n; i++) {
    const p = randomPerson(rng, year);
    const d = byIndex.get(i);
    const named = d?.name;
    people.nameZh[i] = named ? named.zh : p.nameZh;
    people.nameEn[i] = named ? named.en : p.nameEn;
    people.phone[i] = p.phone;
    people.nationalId[i] = p.nationalId;
    people.bankCard[i] = p.bankCard;
    people.bankName[i] = p.bankName;
    const x = rng.next();
    people.market[i] = d || x < 0.97 ? 'CN' : MARKETS[Math.floor(((x - 0.97) / 0.03) * 3) % 3]!;
    people.shop[i] = rng.chance(0.3) || d?.ada ? rng.pick(SHOPS).code : null;
    people.headImage[i] = named && d?.ada ? avatarDataUrl(named.zh, i) : null;
  }
  return people;
}

/** ADAs: the demo accounts keep theirs; everyone else by join order, 8 digits, with gaps. */
function assignAdas(parts: TreeParts, rng: Rng): { ada: string[]; order: Int32Array } {
  const n = parts.sponsor.length;
  const ada = new Array<string>(n);
  const fixed = new Map<number, string>();
  for (const d of parts.demoNodes) if (d.ada) fixed.set(parts.demo.get(d.key)!, d.ada);
  const byJoin = Array.from({ length: n }, (_, i) => i).filter((i) => !fixed.has(i));
  byJoin.sort((a, b) => parts.joinDay[a]! - parts.joinDay[b]! || a - b);
  let next = 10_000_100;
  for (const i of byJoin) {
    next += 1 + Math.floor(rng.next() * 12);
    ada[i] = String(next);
  }
  for (const [i, a] of fixed) ada[i] = a;
  const order = Int32Array.from([...fixed.keys()].sort((a, b) => Number(ada[a]) - Number(ada[b])).concat(byJoin));
  return { ada, order };
}

// ---------------------------------------------------------------------------------------
// Orders

/** Calendar seasonality of orders (by month 1–12): September start, New Year dip, August push. */
const SEASON = [0.95, 0.93, 0.97, 1.0, 1.02, 1.0, 1.05, 1.22, 1.12, 1.0, 0.98, 1.05];
const NEW_YEAR_DIP = 0.7;
/** Chance of ordering in a month and median PV by kind (dormant, consumer, builder, leader). */
const ACTIVE = [0.05, 0.5, 0.85, 0.96];
const MEDIAN_PV = [120, 180, 550, 1900];
const CUSTOMERS = [0, 0.06, 0.5, 1.3];

interface Orders {
  ppv: Int32Array;
  newCustomers: Uint8Array;
  joinMonth: Int32Array;
  joinDate: string[];
}

function buildOrders(opts: SeedOptions, cal: Calendar, parts: TreeParts, rng: Rng): Orders {
  const n = opts.distributors;
  const M = cal.months.length;
  const ppv = new Int32Array(M * n);
  const newCustomers = new Uint8Array(M * n);
  const joinMonth = new Int32Array(n);
  const joinDate = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    joinDate[i] = isoOfDay(parts.joinDay[i]!);
    joinMonth[i] = monthIndex(joinDate[i]!) - cal.first;
  }
  // Month factors shared by everyone.
  const factor = new Float64Array(M);
  for (let m = 0; m < M; m++) {
    const mi = cal.first + m;
    const y = Math.floor(mi / 12);
    let f = SEASON[mi % 12]! * (1 + 0.04 * (m / 12));
    if (newYearMonth(y) === cal.months[m]) f *= NEW_YEAR_DIP;
    if (m === M - 1) f *= cal.fraction;
    factor[m] = f;
  }

  for (let i = 0; i < n; i++) {
    const kd = parts.kind[i]!;
    if (kd === KIND.DEMO) continue;
    const scale = rng.logNormal(1, 0.45);
    const jm = joinMonth[i]!;
    const churn = rng.chance(0.45) ? jm + 3 + Math.floor(-Math.log(1 - rng.next()) * 20) : Infinity;
    const active = ACTIVE[kd]!;
    const median = MEDIAN_PV[kd]! * scale;
    const lambda = CUSTOMERS[kd]!;
    for (let m = Math.max(0, jm); m < M; m++) {
      const cell = m * n + i;
      let pv = 0;
      if (m === jm) {
        // The starter order in the joining month.
        if (rng.chance(0.85)) pv = rng.logNormal(220, 0.5) * (m === M - 1 ? cal.fraction : 1);
      } else {
        const p = m >= churn ? active * 0.12 : active;
        if (rng.chance(p)) pv = rng.logNormal(median, 0.5) * factor[m]!;
      }
      const v = Math.min(30_000, Math.round(pv));
      ppv[cell] = v;
      if (v > 0 && lambda > 0) newCustomers[cell] = Math.min(20, rng.poisson(lambda));
    }
  }

  // Demo nodes: their own volume functions.
  for (const d of parts.demoNodes) {
    const i = parts.demo.get(d.key)!;
    const jm = joinMonth[i]!;
    for (let m = Math.max(0, jm); m < M; m++) {
      const dm = demoMonth(cal.months[m]!, cal.todayMonth, cal.fraction);
      const cell = m * n + i;
      ppv[cell] = Math.max(0, Math.round(d.pv(dm)));
      newCustomers[cell] = d.newCustomers ? d.newCustomers(dm) : 0;
    }
  }
  return { ppv, newCustomers, joinMonth, joinDate };
}

function buildCompliance(cal: Calendar, parts: TreeParts, orders: Orders, rng: Rng): Uint8Array {
  const n = parts.sponsor.length;
  const M = cal.months.length;
  const out = new Uint8Array(M * n);
  for (let m = 0; m < M; m++) {
    const min = cal.rules[m]!.compliance.minPpv;
    const base = m * n;
    for (let i = 0; i < n; i++) {
      if (orders.ppv[base + i]! < min) continue;
      // The back office occasionally vetoes a month (late documents, a returned order).
      out[base + i] = parts.kind[i] === KIND.DEMO || !rng.chance(0.015) ? 1 : 0;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Close

/** The engine's figures of every month kept (close/month-figures.ts), and the pins around them. */
export interface Closed extends EngineFigures {
  readonly annual: Map<number, AnnualBonus>;
  /** Month index the pin held after the last month was reached (-1: never rose above Member). */
  readonly pinMonth: Int32Array;
  /** Pin each node held before the first month kept (Member when every month is kept). */
  readonly pinBefore: Uint16Array;
}

/**
 * The engine's close of every month (closePeriod), kept month-major for the writers: months
 * before `cal.closed` are closed, the rest open. The seed has one open month (today's); the
 * month close of imported data may leave several (a close that stopped short of last month):
 * each further open month gets its volumes with the pins as they stand after the closed ones.
 * `keep`: the first month kept (earlier ones are closed for their pins and annual bonuses only;
 * the arrays then start at month `keep`, and `pinBefore` is the pin held before it).
 */
export function closeAll(cal: FigureMonths, sponsor: Int32Array, ppv: Int32Array, progress?: ProgressFn, keep = 0): Closed {
  const n = sponsor.length;
  const M = cal.months.length;
  const cells = (M - keep) * n;
  const closedCells = Math.max(0, cal.closed - keep) * n;
  const r: Closed = {
    gpv: new Int32Array(cells),
    pgpv: new Int32Array(cells),
    bracket: new Uint8Array(cells),
    isQ: new Uint8Array(cells),
    isSp: new Uint8Array(cells),
    qLegs: new Uint16Array(cells),
    qLegPgpv: new Int32Array(cells),
    depthPgpv: new Int32Array(cells),
    pin: new Uint16Array(cells),
    pinMonth: new Int32Array(n),
    promotionFen: new Float64Array(closedCells),
    leadershipFen: new Float64Array(closedCells),
    leadershipInFen: new Float64Array(closedCells),
    leadershipUpFen: new Float64Array(closedCells),
    rubyFen: new Float64Array(closedCells),
    pearlFen: new Float64Array(closedCells),
    annual: new Map(),
    pinBefore: new Uint16Array(n).fill(PIN.MEMBER),
  };
  const months = cal.months.map((month, m) => ({
    month,
    ppv: ppv.subarray(m * n, (m + 1) * n),
    closed: m < cal.closed,
    rules: cal.rules[m]!,
  }));
  const store =
    (offset: number) =>
    ({ index, month, close, income, pin, annual }: ClosedMonth) => {
      const m = offset + index;
      progress?.({ phase: 'close', done: m + 1, total: M, label: month });
      if (m < keep) {
        if (m === keep - 1) r.pinBefore.set(pin);
        return;
      }
      const base = (m - keep) * n;
      r.gpv.set(close.groupPv, base);
      r.pgpv.set(close.personalGroupPv, base);
      r.bracket.set(close.bracketPercent, base);
      r.isQ.set(close.isQ, base);
      r.isSp.set(close.isSpMonth, base);
      r.qLegs.set(close.qLegCount, base);
      r.qLegPgpv.set(close.qLegPgpv, base);
      r.depthPgpv.set(close.depthPgpv, base);
      if (income) {
        r.promotionFen.set(income.promotionFen, base);
        r.leadershipFen.set(income.leadershipFen, base);
        r.leadershipInFen.set(income.leadershipInFen, base);
        r.leadershipUpFen.set(income.leadershipUpFen, base);
        r.rubyFen.set(income.rubyFen, base);
        r.pearlFen.set(income.pearlFen, base);
      }
      for (const [i, bonus] of annual) r.annual.set(base + i, bonus);
      r.pin.set(pin, base);
    };
  // closePeriod takes one open month, the last: the closed months and the first open one here.
  const head = months.slice(0, Math.min(M, cal.closed + 1));
  const { pin, pinMonth } = closePeriod({ sponsor, months: head }, store(0));
  for (let m = head.length; m < M; m++) closePeriod({ sponsor, months: [months[m]!], initialPin: pin }, store(m));
  r.pinMonth.set(pinMonth);
  return r;
}

// ---------------------------------------------------------------------------------------
// Attendance (plans' event criteria)

interface EventDef {
  code: string;
  month: MonthKey | undefined;
}

function eventsOf(py: PyName): EventDef[] {
  const seen = new Map<string, EventDef>();
  for (const plan of plansFor(py)) {
    const lists = [plan.criteria, ...(plan.levels?.list.map((l) => l.criteria) ?? [])];
    for (const list of lists) {
      for (const c of list) {
        if (c.kind !== 'attendance') continue;
        for (const e of c.events) if (!seen.has(e.code)) seen.set(e.code, { code: e.code, month: e.month });
      }
    }
  }
  return [...seen.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}

function buildAttendance(cal: Calendar, parts: TreeParts, orders: Orders, pin: Uint16Array, rng: Rng): Map<number, string[]> {
  const n = parts.sponsor.length;
  const M = cal.months.length;
  const out = new Map<number, string[]>();
  const add = (cell: number, code: string) => {
    const list = out.get(cell);
    if (list) list.push(code);
    else out.set(cell, [code]);
  };
  for (const py of cal.pys) {
    const events = eventsOf(py);
    if (!events.length) continue;
    const p0 = pyFirstMonthIndex(py) - cal.first;
    const last = Math.min(M - 1, p0 + 11);
    for (let i = 0; i < n; i++) {
      const kd = parts.kind[i]!;
      if (kd === KIND.DEMO || kd === KIND.DORMANT) continue;
      const from = Math.max(p0, orders.joinMonth[i]!);
      if (from > last) continue;
      const held = pin[last * n + i]!;
      const p = held >= 330 ? 0.6 : held >= 310 ? 0.3 : kd === KIND.BUILDER || kd === KIND.LEADER ? 0.08 : 0.01;
      for (const e of events) {
        if (!rng.chance(p)) continue;
        let m: number;
        if (e.month !== undefined) {
          m = monthIndex(e.month) - cal.first;
          if (m < from || m > last) continue;
        } else {
          m = from + Math.floor(rng.next() * (last - from + 1));
        }
        add(m * n + i, e.code);
      }
    }
  }
  for (const d of parts.demoNodes) {
    if (!d.attended) continue;
    const i = parts.demo.get(d.key)!;
    for (const [month, codes] of Object.entries(d.attended)) {
      const m = monthIndex(month) - cal.first;
      if (m < 0 || m >= M) continue;
      for (const c of codes) add(m * n + i, c);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------

/** Builds the whole dataset in memory (tree, orders, close). */
export function generateDataset(options: SeedOptions, progress?: ProgressFn): Dataset {
  const opts: SeedOptions = {
    distributors: Math.trunc(options.distributors),
    seed: Math.trunc(options.seed),
    today: options.today,
  };
  const cal = calendarFor(opts.today);
  const tick = (phase: string, label?: string) => progress?.({ phase, done: 1, total: 1, ...(label ? { label } : {}) });

  const parts = buildTree(opts, cal, new Rng(opts.seed, 'tree'));
  const children = buildChildren(parts.sponsor);
  const pos = treePositions(parts.sponsor, children);
  const { ada, order } = assignAdas(parts, new Rng(opts.seed, 'ada'));
  tick('tree', `${opts.distributors} distributors, ${parts.roots} top leaders`);
  const people = buildPeople(opts, parts, new Rng(opts.seed, 'people'));
  tick('people');
  const orders = buildOrders(opts, cal, parts, new Rng(opts.seed, 'orders'));
  const compliant = buildCompliance(cal, parts, orders, new Rng(opts.seed, 'compliance'));
  tick('orders', `${cal.months.length} months`);
  const closed = closeAll(cal, parts.sponsor, orders.ppv, progress);
  const attended = buildAttendance(cal, parts, orders, closed.pin, new Rng(opts.seed, 'attendance'));
  tick('attendance');

  return {
    options: opts,
    n: opts.distributors,
    cal,
    roots: parts.roots,
    sponsor: parts.sponsor,
    children,
    ada,
    order,
    kind: parts.kind,
    joinMonth: orders.joinMonth,
    joinDate: orders.joinDate,
    ...pos,
    people,
    ppv: orders.ppv,
    newCustomers: orders.newCustomers,
    compliant,
    ...closed,
    attended,
    demo: parts.demo,
  };
}
