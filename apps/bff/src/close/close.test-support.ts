// Test support for the month close: a company as facts (members, orders, attendance), as CSV
// files for the import, and the engine run on those facts in memory (closePeriod on arrays
// built here, independently of the close's own SQL), to hold the database's figures against.
import { CHINA_ISO_OFFSET } from '@abo/words';
import fs from 'node:fs';
import path from 'node:path';
import {
  complimentaryPoints,
  addMonths,
  closePeriod,
  encodePlanSummary,
  evaluatePlans,
  monthIndex,
  monthKeyOf,
  plansFor,
  pyMonths,
  pyOf,
  rulesFor,
  toMonthKey,
  type MonthRecord,
  type PinEvent,
  type PyName,
} from '@abo/plan';
import { Rng } from '../seed/prng.ts';

export interface Member {
  readonly ada: string;
  readonly sponsor: string | null;
  readonly joined: string;
}

export interface Order {
  readonly id: string;
  readonly ada: string;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`, China time. */
  readonly at: string;
  readonly pv: number;
  /** CNY text as in the file; empty: PV × the PY's ratio. */
  readonly bv?: string;
  readonly customer?: string;
}

export interface Attendance {
  readonly ada: string;
  readonly event: string;
  readonly on: string;
}

export interface Company {
  readonly members: readonly Member[];
  readonly orders: readonly Order[];
  readonly attendance: readonly Attendance[];
}

/** The company as the import's files. */
export function companyFiles(c: Company): Record<string, string> {
  const lines = (header: string, rows: string[][]) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';
  return {
    'distributors.csv': lines(
      'ada,sponsor_ada,name,joined_on',
      c.members.map((m) => [m.ada, m.sponsor ?? '', `会员${m.ada.slice(-3)}`, m.joined]),
    ),
    'orders.csv': lines(
      'order_id,ada,ordered_at,pv,bv,customer_id',
      c.orders.map((o) => [o.id, o.ada, o.at, String(o.pv), o.bv ?? '', o.customer ?? '']),
    ),
    'attendance.csv': lines(
      'ada,event_code,attended_on',
      c.attendance.map((a) => [a.ada, a.event, a.on]),
    ),
  };
}

/** docs/examples read back as a company (its files hold no quoted fields). */
export function readCompany(dir: string): Company {
  const rows = (file: string) => {
    const [head, ...rest] = fs.readFileSync(path.join(dir, file), 'utf8').trim().split(/\r?\n/);
    const cols = head!.split(',');
    return rest.map((line) => {
      const cells = line.split(',');
      return Object.fromEntries(cols.map((c, k) => [c, cells[k] ?? ''])) as Record<string, string>;
    });
  };
  return {
    members: rows('distributors.csv').map((r) => ({ ada: r['ada']!, sponsor: r['sponsor_ada'] || null, joined: r['joined_on']! })),
    orders: rows('orders.csv').map((r) => ({
      id: r['order_id']!,
      ada: r['ada']!,
      at: r['ordered_at']!,
      pv: Number(r['pv']),
      bv: r['bv']!,
      customer: r['customer_id']!,
    })),
    attendance: rows('attendance.csv').map((r) => ({ ada: r['ada']!, event: r['event_code']!, on: r['attended_on']! })),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A company from `from` (default September 2025: PY 25/26) to `today`: a leader at 15 % whose
 * three frontline legs are Q every month before 26/27 (so the leader rises to Emerald and is
 * paid the annual bonus with August), about forty members under them ordering at random
 * (returns, customers who come back, BV given or derived), a month of net returns, and a few
 * attendances.
 */
export function syntheticCompany(today: string, from = '2025-09'): Company {
  const stream = new Rng(7, 'company');
  const r = () => stream.next();
  const members: Member[] = [{ ada: '70000001', sponsor: null, joined: '2015-01-10' }];
  const legs = ['70000011', '70000012', '70000013'];
  for (const ada of legs) members.push({ ada, sponsor: '70000001', joined: '2016-05-02' });
  for (let k = 0; k < 40; k++) {
    const sponsor = members[Math.floor(r() * members.length)]!.ada;
    const year = 2017 + Math.floor(r() * 10);
    const joined = year === 2026 ? `2026-${pad(1 + Math.floor(r() * 9))}-${pad(1 + Math.floor(r() * 28))}` : `${year}-03-15`;
    members.push({ ada: String(70000100 + k), sponsor, joined });
  }
  const orders: Order[] = [];
  const last = toMonthKey(today);
  let id = 0;
  for (let month = from; month <= last; month = addMonths(month, 1)) {
    const lastDay = month === last ? Number(today.slice(8, 10)) - 1 : 28;
    const at = (d: number, h: number) => `${month}-${pad(Math.max(1, Math.min(lastDay, d)))}T${pad(h)}:${pad(Math.floor(r() * 60))}:00`;
    orders.push({ id: `S-${++id}`, ada: '70000001', at: at(3, 10), pv: 4_200 });
    for (const ada of legs) {
      const pv = month < '2026-09' ? 10_500 : 2_000 + Math.floor(r() * 9_000);
      orders.push({ id: `S-${++id}`, ada, at: at(5, 11), pv, customer: `LC-${ada}-${month < '2026-01' ? 1 : 2}` });
    }
    for (const m of members.slice(4)) {
      if (m.joined.slice(0, 7) > month) continue;
      const count = Math.floor(r() * 3);
      for (let k = 0; k < count; k++) {
        const ret = r() < 0.06;
        const pv = (ret ? -1 : 1) * (50 + Math.floor(r() * 2400));
        const day = Math.max(Number(m.joined.slice(0, 7) === month ? m.joined.slice(8, 10) : '1'), 1 + Math.floor(r() * 28));
        orders.push({
          id: `S-${++id}`,
          ada: m.ada,
          at: at(day, 8 + Math.floor(r() * 12)),
          pv,
          ...(r() < 0.2 ? { bv: ((pv * 117) / 100).toFixed(2) } : {}),
          ...(r() < 0.35 ? { customer: `C-${Math.floor(r() * 25)}` } : {}),
        });
      }
    }
  }
  // A month of net returns: goods of September brought back in October.
  orders.push({ id: 'S-RET-1', ada: '70000105', at: '2026-10-20T15:00:00', pv: -3000 });
  const attendance: Attendance[] = [
    { ada: '70000001', event: 'SEM2526-ONLINE', on: '2025-11-08' },
    { ada: '70000001', event: 'SEM2627-ONLINE', on: '2026-10-11' },
    { ada: '70000011', event: 'MTC2627-PREP', on: '2026-10-11' },
    { ada: '70000011', event: 'SEM2627-ONLINE', on: '2026-10-25' },
  ];
  return { members, orders, attendance };
}

export interface ExpectedMonth {
  ppv: number;
  bvFen: number;
  gpv: number;
  pgpv: number;
  bracket: number;
  isQ: number;
  qLegs: number;
  isSp: number;
  pin: number;
  newCustomers: number;
  closed: number;
  attended: string | null;
}

export interface Expected {
  /** `ada|month` → the month's figures, for every member from the first month with a fact (or their join). */
  readonly months: Map<string, ExpectedMonth>;
  /** `ada|month` → pre-tax total and items (code → fen) of every closed month paying something. */
  readonly statements: Map<string, { pretax: number; items: Record<string, number> }>;
  readonly pins: Map<string, { pin: number; month: string | null }>;
}

/** The stored form of an order's time (docs/data-import.md): China time with its offset. */
function storedAt(at: string): string {
  return `${at.length === 10 ? `${at}T00:00:00` : at}${CHINA_ISO_OFFSET}`;
}

/** The engine on the company's facts, in memory: months from the first fact through today's, closed through `through`. */
export function engineRun(c: Company, today: string, through: string): Expected {
  // Sponsors before their downline.
  const byAda = new Map(c.members.map((m) => [m.ada, m]));
  const depth = (ada: string): number => {
    const s = byAda.get(ada)!.sponsor;
    return s === null ? 0 : 1 + depth(s);
  };
  const members = [...c.members].sort((a, b) => depth(a.ada) - depth(b.ada));
  const index = new Map(members.map((m, i) => [m.ada, i]));
  const n = members.length;
  const sponsor = Int32Array.from(members, (m) => (m.sponsor === null ? -1 : index.get(m.sponsor)!));
  const facts = [...c.orders.map((o) => o.at.slice(0, 7)), ...c.attendance.map((a) => a.on.slice(0, 7))];
  const first = monthIndex(facts.reduce((x, y) => (x < y ? x : y)));
  const lastMonth = toMonthKey(today);
  const M = monthIndex(lastMonth) - first + 1;
  const ppv = Array.from({ length: M }, () => new Int32Array(n));
  const bv = Array.from({ length: M }, () => new Float64Array(n));
  for (const o of c.orders) {
    const m = monthIndex(o.at) - first;
    const i = index.get(o.ada)!;
    ppv[m]![i] = ppv[m]![i]! + o.pv;
    const ratio = rulesFor(pyOf(o.at.slice(0, 7)), { fallback: 'nearest' }).bvFenPerPv;
    bv[m]![i] = bv[m]![i]! + (o.bv ? Math.round(Number(o.bv) * 100) : o.pv * ratio);
  }
  const firstOrder = new Map<string, Order>();
  for (const o of c.orders) {
    if (!o.customer || o.pv <= 0) continue;
    const seen = firstOrder.get(o.customer);
    const key = (x: Order) => `${storedAt(x.at)}|${x.id}`;
    if (!seen || key(o) < key(seen)) firstOrder.set(o.customer, o);
  }
  const newCustomers = new Map<string, number>();
  for (const o of firstOrder.values()) {
    const k = `${o.ada}|${o.at.slice(0, 7)}`;
    newCustomers.set(k, (newCustomers.get(k) ?? 0) + 1);
  }
  const attended = new Map<string, Set<string>>();
  for (const a of c.attendance) {
    const k = `${a.ada}|${a.on.slice(0, 7)}`;
    if (!attended.has(k)) attended.set(k, new Set());
    attended.get(k)!.add(a.event);
  }

  const out: Expected = { months: new Map(), statements: new Map(), pins: new Map() };
  const months = ppv.map((p, m) => ({ month: monthKeyOf(first + m), ppv: p, bvFen: bv[m]!, closed: monthKeyOf(first + m) <= through }));
  const result = closePeriod({ sponsor, months }, ({ index: m, month, close, income, carry, pin, annual }) => {
    for (let i = 0; i < n; i++) {
      const ada = members[i]!.ada;
      if (members[i]!.joined.slice(0, 7) > month) continue;
      const k = `${ada}|${month}`;
      const events = attended.get(k);
      out.months.set(k, {
        ppv: ppv[m]![i]!,
        bvFen: bv[m]![i]!,
        gpv: close.groupPv[i]!,
        pgpv: close.personalGroupPv[i]!,
        bracket: close.bracketPercent[i]!,
        isQ: close.isQ[i]!,
        qLegs: close.qLegCount[i]!,
        isSp: close.isSpMonth[i]!,
        pin: pin[i]!,
        newCustomers: newCustomers.get(k) ?? 0,
        closed: months[m]!.closed ? 1 : 0,
        attended: events ? [...events].sort().join(',') : null,
      });
      if (!income) continue;
      const items: Record<string, number> = {};
      const add = (code: string, fen: number, always = false) => {
        if (fen || always) items[code] = fen;
      };
      add('PROMOTION', income.promotionFen[i]!, true);
      // Written with any 21 % leg, kept or not: it says what was passed up.
      add('LEADERSHIP', income.leadershipFen[i]!, income.leadershipInFen[i]! > 0);
      add('RUBY', income.rubyFen[i]!);
      add('PEARL', income.pearlFen[i]!);
      const bonus = annual.get(i);
      if (bonus) {
        add('EMERALD_ANNUAL', bonus.emeraldFen);
        add('DIAMOND_ANNUAL', bonus.diamondFen);
      }
      const computed = Object.values(items).reduce((a, b) => a + b, 0);
      // Claw-backs: a debit brought forward is taken, a total below zero is carried on.
      add('DEBIT_BROUGHT_FORWARD', -carry!.broughtFen[i]!);
      add('DEBIT_CARRIED_FORWARD', carry!.carriedFen[i]!);
      const pretax = Object.values(items).reduce((a, b) => a + b, 0);
      if (computed !== 0 || carry!.broughtFen[i]! > 0) out.statements.set(k, { pretax, items });
    }
  });
  members.forEach((m, i) => {
    const pm = result.pinMonth[i]!;
    out.pins.set(m.ada, { pin: result.pin[i]!, month: pm >= 0 ? monthKeyOf(pm) : null });
  });
  return out;
}

/**
 * The plan summary (plan_results.summary) of a member and PY from the in-memory run: their
 * months as the engine's history, evaluated with every plan of the PY; null when their group
 * moved no volume in the PY (no row is written then).
 */
export function expectedPlanSummary(c: Company, e: Expected, ada: string, py: PyName, today: string): string | null {
  const own = [...e.months.entries()].filter(([k]) => k.startsWith(`${ada}|`)).sort(([a], [b]) => (a < b ? -1 : 1));
  const inPy = new Set(pyMonths(py));
  if (!own.some(([k, m]) => inPy.has(k.slice(ada.length + 1)) && m.gpv > 0)) return null;
  const frontline = c.members.filter((m) => m.sponsor === ada).map((m) => m.ada);
  const pins: PinEvent[] = [];
  let held = 230;
  const months: MonthRecord[] = own.map(([k, m]) => {
    const month = k.slice(ada.length + 1);
    if (m.closed && m.pin > held) {
      pins.push({ pinCode: m.pin, month });
      held = m.pin;
    }
    return {
      month,
      ppv: m.ppv,
      gpv: m.gpv,
      pgpv: m.pgpv,
      bracket: m.bracket,
      isQ: m.isQ === 1,
      apv: m.pgpv,
      qLegs: m.qLegs,
      isSp: m.isSp === 1,
      legs: frontline.filter((f) => e.months.get(`${f}|${month}`)?.isQ === 1).map((id) => ({ id, isQ: true })),
      compliant: m.ppv >= rulesFor(pyOf(month), { fallback: 'nearest' }).compliance.minPpv,
      newCustomers: m.newCustomers,
      points: complimentaryPoints(m.ppv, m.newCustomers),
      attended: m.attended ? m.attended.split(',') : undefined,
    };
  });
  return encodePlanSummary(
    // The history starts at their first month (the close's plans.ts historyOf says the same).
    evaluatePlans(
      plansFor(py),
      { months, pins, initialPin: 230, frontlineLegs: frontline.length, firstMonth: months[0]!.month },
      { today, detail: false },
    ),
  );
}

export interface RandomMember extends Member {
  readonly pinHeld?: number;
}

/**
 * A company from September 2024 to `last` (a day): a few producers big enough for Q legs and pins,
 * ~150 members ordering at random with returns and returning customers, members joining every month
 * (some in the last one), two pins held before the history, some attendance.
 */
export type RandomCompany = Omit<Company, 'members'> & { readonly members: RandomMember[] };

export function randomCompany(seed: number, last: string): RandomCompany {
  const stream = new Rng(seed, 'incremental');
  const r = () => stream.next();
  const members: RandomMember[] = [{ ada: '80000001', sponsor: null, joined: '2014-01-10', pinHeld: 370 }];
  // Join days in order, so that every sponsor joined before its downline.
  const joins = Array.from({ length: 150 }, () => `${addMonths('2024-09', Math.floor(r() * 27) - 6)}-${pad(1 + Math.floor(r() * 28))}`)
    .filter((d) => d <= last)
    .sort();
  joins.forEach((joined, k) => {
    const sponsor = members[Math.floor(r() * Math.min(members.length, 1 + k / 3))]!.ada;
    members.push({ ada: String(80000100 + k), sponsor, joined, ...(k === 3 ? { pinHeld: 310 } : {}) });
  });
  const orders: Order[] = [];
  let id = 0;
  for (let month = '2024-09'; month <= last.slice(0, 7); month = addMonths(month, 1)) {
    const lastDay = month === last.slice(0, 7) ? Number(last.slice(8, 10)) : 28;
    for (const m of members) {
      if (m.joined.slice(0, 7) > month) continue;
      const big = Number(m.ada) % 7 === 2 || m.ada === '80000001';
      const count = big ? 2 : Math.floor(r() * 3);
      for (let k = 0; k < count; k++) {
        const first = m.joined.slice(0, 7) === month ? Number(m.joined.slice(8, 10)) : 1;
        const day = Math.min(lastDay, Math.max(first, 1 + Math.floor(r() * 28)));
        if (day < first) continue;
        const ret = r() < 0.08;
        const pv = (ret ? -1 : 1) * (big ? 3_000 + Math.floor(r() * 6_000) : 50 + Math.floor(r() * 2_000));
        orders.push({
          id: `R${seed}-${++id}`,
          ada: m.ada,
          at: `${month}-${pad(day)}T${pad(8 + Math.floor(r() * 12))}:${pad(Math.floor(r() * 60))}:00`,
          pv,
          ...(r() < 0.25 ? { bv: ((pv * 113) / 100).toFixed(2) } : {}),
          ...(r() < 0.4 ? { customer: `K${seed}-${Math.floor(r() * 60)}` } : {}),
        });
      }
    }
  }
  const attendance: Attendance[] = members
    .filter((_, k) => k % 9 === 0)
    .map((m, k) => ({ ada: m.ada, event: k % 2 ? 'SEM2627-ONLINE' : 'SEM2526-ONLINE', on: k % 2 ? '2026-10-11' : '2025-11-08' }))
    .filter((a) => a.on <= last && members.find((m) => m.ada === a.ada)!.joined <= a.on);
  return { members, orders, attendance };
}

/** The facts known on day `from` (exclusive) through `to` (inclusive), as import files. */
export function filesBetween(c: RandomCompany, from: string, to: string): Record<string, string> {
  const day = (at: string) => at.slice(0, 10);
  const within = (d: string) => d > from && d <= to;
  const lines = (header: string, rows: string[][]) => [header, ...rows.map((x) => x.join(','))].join('\n') + '\n';
  return {
    'distributors.csv': lines(
      'ada,sponsor_ada,name,joined_on,pin_held',
      c.members
        .filter((m) => within(m.joined))
        .map((m) => [m.ada, m.sponsor ?? '', `会员${m.ada.slice(-3)}`, m.joined, String(m.pinHeld ?? '')]),
    ),
    'orders.csv': lines(
      'order_id,ada,ordered_at,pv,bv,customer_id',
      c.orders.filter((o) => within(day(o.at))).map((o) => [o.id, o.ada, o.at, String(o.pv), o.bv ?? '', o.customer ?? '']),
    ),
    'attendance.csv': lines(
      'ada,event_code,attended_on',
      c.attendance.filter((a) => within(a.on)).map((a) => [a.ada, a.event, a.on]),
    ),
  };
}
