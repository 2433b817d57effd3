// Writes the month close's figures (close.ts) through a BulkWriter, in primary-key order (ADA,
// then month), so SQLite appends to its B-trees instead of splitting pages all over them.
import {
  complimentaryPoints,
  DEBIT_CARRIED_NOTE,
  debitBroughtNote,
  monthKeyOf,
  paymentDateOf,
  remunerationWithholding,
  type AnnualFundShare,
  type MonthKey,
  type Text,
} from '@abo/plan';
import type { BulkWriter, SqlValue } from '../db/bulk.ts';
import { MONTHLY_RESULT_COLUMNS } from '../db/monthly-results.ts';
import type { ProgressFn } from './close-all.ts';
import type { Figures } from './month-figures.ts';
import { inlinePlanRows, workerPlanRows, type PlanRowSource } from './plan-source.ts';
import type { PlanInputs } from './plans.ts';

export interface PhaseTiming {
  readonly name: string;
  readonly seconds: number;
}

/** Parent rows between two flush() calls (a buffering writer holds about 40× that many rows). */
const FLUSH_EVERY = 2000;

/**
 * Writes figures table by table through one BulkWriter, node by node in key order, while the
 * plans are evaluated (on a worker, or inline); flushes regularly and keeps per-table counts
 * and timings. Close it (close()) when done, even after a failure.
 */
export interface FigureWriter {
  readonly writer: BulkWriter;
  readonly rows: Record<string, number>;
  readonly phases: PhaseTiming[];
  readonly planMode: 'worker' | 'inline';
  /** Runs one table's writing, recording its rows and seconds under `name`. */
  readonly timed: (name: string, fn: () => Promise<number>) => Promise<void>;
  /** Runs body for every node in key order, flushing and reporting as it goes. */
  readonly eachNode: (phase: string, body: (i: number) => void) => Promise<void>;
  /** Writes every plan_results row (what the evaluation has not handed over yet, as it comes). */
  readonly planResults: () => Promise<number>;
  readonly close: () => Promise<void>;
}

export function openFigureWriter(
  writer: BulkWriter,
  nodes: { readonly n: number; readonly order: Int32Array },
  plans: PlanRowSource,
  progress?: ProgressFn,
): FigureWriter {
  const { n, order } = nodes;
  const step = Math.max(1, Math.floor(n / 20));
  const rows: Record<string, number> = {};
  const phases: PhaseTiming[] = [];
  const planIns = writer.inserter('plan_results', ['ada', 'py', 'summary', 'news']);
  /** Writes the plan rows the worker has finished so far (both tables stay in key order). */
  const drainPlans = () => {
    for (const chunk of plans.take()) for (const row of chunk) planIns.add(row);
  };
  return {
    writer,
    rows,
    phases,
    get planMode() {
      return plans.mode;
    },
    timed: async (name, fn) => {
      const t0 = performance.now();
      rows[name] = await fn();
      phases.push({ name: `write ${name}`, seconds: (performance.now() - t0) / 1000 });
    },
    eachNode: async (phase, body) => {
      // Its phase starts now (the first step is reported only a twentieth of the way in).
      progress?.({ phase, done: 0, total: n });
      for (let k = 0; k < n; k++) {
        body(order[k]!);
        if ((k + 1) % FLUSH_EVERY === 0) {
          await writer.flush();
          // Let the worker's messages in.
          await new Promise<void>((resolve) => setImmediate(resolve));
          drainPlans();
        }
        if ((k + 1) % step === 0 || k === n - 1) progress?.({ phase, done: k + 1, total: n });
      }
      await writer.flush();
    },
    planResults: async () => {
      // Evaluated on the worker meanwhile (or here, inline); what is left is written now.
      drainPlans();
      for (let chunk = await plans.next(); chunk; chunk = await plans.next()) {
        for (const row of chunk) planIns.add(row);
        progress?.({ phase: 'plan_results', done: plans.done, total: n, label: plans.mode });
        await writer.flush();
      }
      progress?.({ phase: 'plan_results', done: n, total: n, label: plans.mode });
      return planIns.rows;
    },
    close: () => plans.close(),
  };
}

/**
 * The plan_results source for `inputs`: a worker thread from 20 000 distributors evaluated, unless
 * told. `stepwise`: the worker evaluates PY by PY as told (plan-source.ts). `share`: little is
 * written before the plans (a resumed close writes its open and closing months only), so this
 * thread shares the evaluation instead of waiting for the worker.
 */
export function planSource(
  inputs: PlanInputs,
  worker?: boolean,
  opts: { readonly stepwise?: boolean; readonly share?: boolean } = {},
): PlanRowSource {
  let evaluated = inputs.n;
  if (inputs.only) {
    evaluated = 0;
    for (const x of inputs.only) evaluated += x;
  }
  // Some members only (an hourly close) always share: nothing much is written before their plans.
  const share = !!inputs.only || !!opts.share;
  return (worker ?? evaluated >= 20_000) ? workerPlanRows(inputs, { ...opts, share }) : inlinePlanRows(inputs);
}

/**
 * Node i's monthly_results row of month m (MONTHLY_RESULT_COLUMNS), into `row`; false when it has
 * none (before its join month).
 */
export function monthlyRow(f: Figures, i: number, m: number, row: SqlValue[]): boolean {
  if (m < f.joinMonth[i]!) return false;
  const cell = m * f.n + i;
  const ppv = f.ppv[cell]!;
  const nc = f.newCustomers[cell]!;
  const pgpv = f.pgpv[cell]!;
  const att = f.attended.get(cell);
  row[0] = f.ada[i]!;
  row[1] = f.cal.months[m]!;
  row[2] = ppv;
  row[3] = f.gpv[cell]!;
  row[4] = pgpv;
  row[5] = f.bvFen ? f.bvFen[cell]! : ppv * f.cal.rules[m]!.bvFenPerPv;
  row[6] = f.bracket[cell]!;
  row[7] = f.isQ[cell]!;
  row[8] = f.qLegs[cell]!;
  row[9] = pgpv;
  row[10] = f.isSp[cell]!;
  row[11] = f.pin[cell]!;
  row[12] = nc;
  row[13] = complimentaryPoints(ppv, nc);
  row[14] = f.compliant[cell]!;
  row[15] = m < f.cal.closed ? 1 : 0;
  row[16] = att ? att.join(',') : null;
  row[17] = f.pearlPassPv[cell]!;
  row[18] = f.leadershipUpFen[cell]!;
  row[19] = f.qualificationCredits[cell]!;
  row[20] = f.gbvFen[cell]!;
  row[21] = f.pgbvFen[cell]!;
  row[22] = f.pearlPassBvFen[cell]!;
  row[23] = f.leadershipLegs[cell]!;
  row[24] = f.isQ[cell] ? 0 : f.qLegPgbvFen[cell]!;
  return true;
}

/**
 * monthly_results: one row per node and month from `fromMonth` (and its join month) on; only the
 * nodes flagged in `only`, when given, and of the others the months from `othersFrom` on (a
 * month's end: the new open month; null: none of their rows).
 */
export async function writeMonthlyResults(
  w: FigureWriter,
  f: Figures,
  fromMonth = 0,
  only: Uint8Array | null = null,
  othersFrom: number | null = null,
): Promise<number> {
  const ins = w.writer.inserter('monthly_results', MONTHLY_RESULT_COLUMNS);
  const M = f.cal.months.length;
  const row: SqlValue[] = new Array<SqlValue>(MONTHLY_RESULT_COLUMNS.length);
  await w.eachNode('monthly_results', (i) => {
    const from = !only || only[i] ? fromMonth : othersFrom;
    if (from === null) return;
    for (let m = Math.max(from, f.joinMonth[i]!); m < M; m++) if (monthlyRow(f, i, m, row)) ins.add(row);
  });
  return ins.rows;
}

/** An annual bonus item: the fund's base and rate, the fund, this ABO's units and all units. */
function annualItem(code: 'EMERALD_ANNUAL' | 'DIAMOND_ANNUAL', f: AnnualFundShare, units: number): string {
  return `,{"code":"${code}","baseBvFen":${f.fundBaseBvFen},"rateBp":${f.rateBp},"amountFen":${f.amountFen},"fundFen":${f.fundFen},"units":${units},"totalUnits":${f.totalUnits}}`;
}

/** A claw-back item (packages/plan claw-back.ts), with its note in both languages. */
function debitItem(code: 'DEBIT_BROUGHT_FORWARD' | 'DEBIT_CARRIED_FORWARD', amountFen: number, note: Text, from: MonthKey | null): string {
  const since = from ? `,"fromMonth":"${from}"` : '';
  return `,{"code":"${code}","baseBvFen":0,"rateBp":0,"amountFen":${amountFen},"note":${JSON.stringify(note)}${since}}`;
}

/**
 * statements: one row per node and closed month from `fromMonth` on whose fees are not zero or
 * that takes a claw-back debit, with its payment date by the rule of the month's PY. The items are
 * the engine's, on the orders' BV; a month below zero pays nothing and says what it carries to
 * the next statement, which shows what it takes (packages/plan claw-back.ts). One statement per
 * month, each paid in its own month, so each is withheld on its own (the annual bonuses are
 * August's items).
 */
export async function writeStatements(w: FigureWriter, f: Figures, fromMonth = 0): Promise<number> {
  const ins = w.writer.inserter('statements', ['ada', 'month', 'pretax_fen', 'tax_fen', 'net_fen', 'items', 'paid_on']);
  const n = f.n;
  const closed = f.cal.closed;
  const rules = f.cal.rules;
  const paidOn = f.cal.months.map((month, m) => paymentDateOf(month, rules[m]!));
  const row: SqlValue[] = new Array<SqlValue>(7);
  await w.eachNode('statements', (i) => {
    row[0] = f.ada[i]!;
    for (let m = Math.max(fromMonth, f.joinMonth[i]!); m < closed; m++) {
      const cell = m * n + i;
      const brought = f.debitBroughtFen[cell]!;
      const carried = f.debitCarriedFen[cell]!;
      // The month the debit brought forward arose in (the first month of a run below zero).
      const since = f.debitBroughtSince[cell]!;
      const from = since >= 0 ? monthKeyOf(since) : null;
      const promo = f.promotionFen[cell]!;
      const lead = f.leadershipFen[cell]!;
      const ruby = f.rubyFen[cell]!;
      const pearl = f.pearlFen[cell]!;
      const annual = f.annual.get(cell);
      let computed = promo + lead + ruby + pearl;
      if (annual) computed += annual.emeraldFen + annual.diamondFen;
      if (computed === 0 && brought === 0) continue;
      const r = rules[m]!;
      let items = `[{"code":"PROMOTION","baseBvFen":${f.gbvFen[cell]!},"rateBp":${f.bracket[cell]! * 100},"amountFen":${promo}}`;
      // With any 21 % leg the item is written even when nothing is kept: it says what was passed up.
      const leadIn = f.leadershipInFen[cell]!;
      if (lead || leadIn) {
        const how = `"inFen":${leadIn},"upFen":${f.leadershipUpFen[cell]!}`;
        items += `,{"code":"LEADERSHIP","baseBvFen":${f.qLegPgbvFen[cell]!},"rateBp":${r.leadership.rateBp},"amountFen":${lead},${how}}`;
      }
      if (ruby) items += `,{"code":"RUBY","baseBvFen":${f.pgbvFen[cell]!},"rateBp":${r.ruby.rateBp},"amountFen":${ruby}}`;
      if (pearl) items += `,{"code":"PEARL","baseBvFen":${f.depthPgbvFen[cell]!},"rateBp":${r.pearl.rateBp},"amountFen":${pearl}}`;
      if (annual) {
        items += annualItem('EMERALD_ANNUAL', annual.emerald, annual.units);
        if (annual.diamond) items += annualItem('DIAMOND_ANNUAL', annual.diamond, annual.units);
      }
      if (brought > 0) items += debitItem('DEBIT_BROUGHT_FORWARD', -brought, debitBroughtNote(from), from);
      if (carried > 0) items += debitItem('DEBIT_CARRIED_FORWARD', carried, DEBIT_CARRIED_NOTE, null);
      items += ']';
      const pretax = computed - brought + carried;
      const tax = remunerationWithholding(pretax);
      row[1] = f.cal.months[m]!;
      row[2] = pretax;
      row[3] = tax;
      row[4] = pretax - tax;
      row[5] = items;
      row[6] = paidOn[m]!;
      ins.add(row);
    }
  });
  return ins.rows;
}
