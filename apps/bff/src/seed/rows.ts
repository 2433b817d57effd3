// The generated demo as the rows of an import's three files (docs/data-import.md), handed over
// in memory: the demo reaches the database exactly as a company's data does, through the
// import's checks and the month close. Rows are produced as the import reads them, so a
// million orders never sit in memory as text.
import { daysInMonth, type MonthKey } from '@abo/plan';
import type { RowTable } from '../import/csv.ts';
import type { FileName } from '../import/issues.ts';
import type { Dataset } from './generate.ts';
import { Rng } from './prng.ts';

/** A purchase later returned within the month (the order system sends both lines). */
const RETURN_CHANCE = 0.004;

export function demoTables(ds: Dataset): Record<FileName, RowTable> {
  return {
    'distributors.csv': distributorRows(ds),
    'orders.csv': orderRows(ds),
    'attendance.csv': attendanceRows(ds),
  };
}

function distributorRows(ds: Dataset): RowTable {
  const p = ds.people;
  function* rows(): Generator<string[]> {
    for (let i = 0; i < ds.n; i++) {
      const s = ds.sponsor[i]!;
      yield [
        ds.ada[i]!,
        s >= 0 ? ds.ada[s]! : '',
        p.nameZh[i]!,
        p.nameEn[i]!,
        ds.joinDate[i]!,
        p.phone[i]!,
        p.nationalId[i]!,
        p.bankCard[i]!,
        p.bankName[i]!,
        p.shop[i] ?? '',
        'ABO',
      ];
    }
  }
  return {
    header: [
      'ada',
      'sponsor_ada',
      'name',
      'name_en',
      'joined_on',
      'phone',
      'national_id',
      'bank_card',
      'bank_name',
      'shop_code',
      'user_type',
    ],
    rows: rows(),
    count: ds.n,
  };
}

/**
 * The days a member's rows of month m may fall on: from the join day in the joining month, up to
 * today in today's month.
 */
function dayPicker(ds: Dataset, rng: Rng) {
  const { cal } = ds;
  const M = cal.months.length;
  const todayDay = Number(ds.options.today.slice(8, 10));
  const lastDay = cal.months.map((month) => daysInMonth(`${month}-01`));
  return (i: number, m: number): string => {
    const month = cal.months[m]!;
    const lo = m === ds.joinMonth[i] ? Number(ds.joinDate[i]!.slice(8, 10)) : 1;
    const hi = m === M - 1 ? todayDay : lastDay[m]!;
    const day = lo >= hi ? lo : lo + Math.floor(rng.next() * (hi - lo + 1));
    return `${month}-${day < 10 ? '0' : ''}${day}`;
  };
}

/**
 * Each month's personal PV as orders: one for every new customer (their first purchase), the
 * member's own order or two, now and then a purchase returned later that month. The orders of
 * a month add up to the generated PV exactly; ids are stable, so importing them again changes
 * nothing.
 */
function orderRows(ds: Dataset): RowTable {
  const { n, cal } = ds;
  const M = cal.months.length;
  let estimate = 0;
  for (let cell = 0; cell < M * n; cell++) if (ds.ppv[cell]! > 0) estimate += 1 + ds.newCustomers[cell]!;
  function* rows(): Generator<string[]> {
    const rng = new Rng(ds.options.seed, 'order-rows');
    const dayOf = dayPicker(ds, rng);
    for (let m = 0; m < M; m++) {
      const tag = (cal.months[m] as MonthKey).replace('-', '');
      for (let i = 0; i < n; i++) {
        const v = ds.ppv[m * n + i]!;
        if (v <= 0) continue;
        const ada = ds.ada[i]!;
        let seq = 0;
        const order = (pv: number, customer = ''): string[] => [`${ada}-${tag}-${++seq}`, ada, dayOf(i, m), String(pv), customer];
        // Every customer and the member keep at least 1 PV.
        const customers = Math.min(ds.newCustomers[m * n + i]!, v - 1);
        let rest = v;
        for (let j = 0; j < customers; j++) {
          const share = Math.round(((v * 0.6) / (customers + 1)) * (0.5 + rng.next()));
          const pv = Math.max(1, Math.min(rest - (customers - j), share));
          rest -= pv;
          yield order(pv, `C${ada}-${tag}-${j + 1}`);
        }
        if (rest >= 40 && rng.chance(0.3)) {
          const first = Math.round(rest * (0.3 + 0.4 * rng.next()));
          yield order(first);
          yield order(rest - first);
        } else {
          yield order(rest);
        }
        if (v >= 200 && rng.chance(RETURN_CHANCE)) {
          const back = Math.round(v * (0.1 + 0.3 * rng.next()));
          yield order(back);
          yield order(-back);
        }
      }
    }
  }
  return { header: ['order_id', 'ada', 'ordered_at', 'pv', 'customer_id'], rows: rows(), count: estimate };
}

function attendanceRows(ds: Dataset): RowTable {
  const { n } = ds;
  const cells = [...ds.attended.keys()].sort((a, b) => a - b);
  let count = 0;
  for (const codes of ds.attended.values()) count += codes.length;
  function* rows(): Generator<string[]> {
    const dayOf = dayPicker(ds, new Rng(ds.options.seed, 'attendance-rows'));
    for (const cell of cells) {
      const i = cell % n;
      const m = (cell - i) / n;
      const day = dayOf(i, m);
      for (const code of ds.attended.get(cell)!) yield [ds.ada[i]!, code, day];
    }
  }
  return { header: ['ada', 'event_code', 'attended_on'], rows: rows(), count };
}
