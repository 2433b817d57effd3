// The demo dataset, in memory: a sponsorship tree, the people, and what each of them bought and
// attended month by month over four PYs up to today. Deterministic: the same options give the
// same arrays. It reaches the database as a company's data does (rows.ts hands it to the import,
// then the month close computes every figure).
//
// Layout: nodes are indexed sponsor-first (sponsorIndex[i] < i), as the engine's close needs:
//   [0, R)        the top leaders (roots)
//   [R, R + D)    the demo subtrees (demo.ts), hung under the first roots
//   [R + D, N)    generated distributors, in join order
// Per-month values are month-major typed arrays: cell = m * N + i, m = 0 for the first month
// (September three PYs before today's) … M - 1 for today's month (month to date).
import {
  dayOfMonth,
  daysInMonth,
  monthIndex,
  monthKeyOf,
  plansFor,
  pyFirstMonthIndex,
  pyName,
  pyOf,
  rulesFor,
  type MonthKey,
  type PyName,
  type RuleTable,
} from '@abo/plan';
import type { ProgressFn } from '../close/close-all.ts';
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

export type { ProgressFn } from '../close/close-all.ts';

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

/** The generated demo: the tree, the people, and their facts month by month. */
export interface Dataset {
  readonly options: SeedOptions;
  readonly n: number;
  readonly cal: Calendar;
  readonly roots: number;
  readonly sponsor: Int32Array;
  readonly kind: Uint8Array;
  readonly ada: readonly string[];
  readonly joinDate: readonly string[];
  /** Month of joining relative to the first month (negative: before it). */
  readonly joinMonth: Int32Array;
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
  /** Personal PV per cell (today's month: to date), own orders and customers' together. */
  readonly ppv: Int32Array;
  /** New customers per cell (each one's first order is theirs). */
  readonly newCustomers: Uint8Array;
  /** Cell → event codes attended that month. */
  readonly attended: ReadonlyMap<number, readonly string[]>;
  /** Index of each demo node by key (A1, A1.L1, …). */
  readonly demo: ReadonlyMap<string, number>;
}

export const MIN_DISTRIBUTORS = 150;

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
function assignAdas(parts: TreeParts, rng: Rng): string[] {
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
  return ada;
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

/** Chance of attending each event of a PY, by kind (dormant, consumer, builder, leader). */
const ATTENDS = [0, 0.01, 0.1, 0.45];

function buildAttendance(cal: Calendar, parts: TreeParts, orders: Orders, rng: Rng): Map<number, string[]> {
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
      const p = ATTENDS[kd]!;
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

/** Builds the whole dataset in memory (tree, people, orders, attendance). */
export function generateDataset(options: SeedOptions, progress?: ProgressFn): Dataset {
  const opts: SeedOptions = {
    distributors: Math.trunc(options.distributors),
    seed: Math.trunc(options.seed),
    today: options.today,
  };
  const cal = calendarFor(opts.today);
  const tick = (phase: string, label?: string) => progress?.({ phase, done: 1, total: 1, ...(label ? { label } : {}) });

  const parts = buildTree(opts, cal, new Rng(opts.seed, 'tree'));
  const ada = assignAdas(parts, new Rng(opts.seed, 'ada'));
  tick('tree', `${opts.distributors} distributors, ${parts.roots} top leaders`);
  const people = buildPeople(opts, parts, new Rng(opts.seed, 'people'));
  tick('people');
  const orders = buildOrders(opts, cal, parts, new Rng(opts.seed, 'orders'));
  tick('orders', `${cal.months.length} months`);
  const attended = buildAttendance(cal, parts, orders, new Rng(opts.seed, 'attendance'));
  tick('attendance');

  return {
    options: opts,
    n: opts.distributors,
    cal,
    roots: parts.roots,
    sponsor: parts.sponsor,
    kind: parts.kind,
    ada,
    joinDate: orders.joinDate,
    joinMonth: orders.joinMonth,
    people,
    ppv: orders.ppv,
    newCustomers: orders.newCustomers,
    attended,
    demo: parts.demo,
  };
}
