// Writes the engine's figures through a BulkWriter, in primary-key order (ADA, then month), so
// SQLite appends to its B-trees instead of splitting pages all over them. The month tables'
// writers are shared: the seed writes a generated dataset with them (writeDataset), the month
// close of imported data (close/close.ts) the months it closes and the open month.
import { createHash } from 'node:crypto';
import { monthKeyOf, pyOf, remunerationWithholding, toMonthKey } from '@abo/plan';
import { CLOSE_STATE_KEY, closedAtOnce, closeStateText } from '../close/state.ts';
import type { Figures } from '../close/month-figures.ts';
import type { BulkWriter, SqlValue } from '../db/bulk.ts';
import { DISTRIBUTOR_COLUMNS } from '../db/distributors.ts';
import { MONTHLY_RESULT_COLUMNS } from '../db/monthly-results.ts';
import { hashPassword } from '../idp/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.ts';
import { KIND, pointsOf, type Dataset, type ProgressFn } from './generate.ts';
import { inlinePlanRows, workerPlanRows, type PlanRowSource } from './plan-source.ts';
import { planInputsOf, type PlanInputs } from './plans.ts';
import { Rng } from './prng.ts';
import { DESCRIPTION_PAGES, SHOPS, promptsFor } from './reference-data.ts';

export interface PhaseTiming {
  readonly name: string;
  readonly seconds: number;
}

export interface WriteResult {
  readonly rows: Record<string, number>;
  readonly phases: PhaseTiming[];
  /** Where the plans were evaluated. */
  readonly planMode: 'worker' | 'inline';
}

/** Parent rows between two flush() calls (a buffering writer holds about 40× that many rows). */
const FLUSH_EVERY = 2000;

const ADJUSTMENTS = {
  RETURN: { zh: '退货扣回', en: 'Return clawback' },
  SUPPLEMENT: { zh: '补发服务费', en: 'Back payment' },
} as const;

export interface WriteOptions {
  progress?: ProgressFn;
  /**
   * Evaluate the plans on a worker thread while this one writes the big tables (default: for
   * 20 000 distributors and more; below that the worker's start-up costs more than it saves).
   */
  planWorker?: boolean;
}

/** A manual adjustment on one statement: its item (JSON) and amount; null for none. */
export type Adjustment = (i: number, m: number, promotionFen: number) => { readonly item: string; readonly amountFen: number } | null;

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
  const planIns = writer.inserter('plan_results', ['ada', 'py', 'summary']);
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

/** The plan_results source for `inputs`: a worker thread from 20 000 distributors unless told. */
export function planSource(inputs: PlanInputs, worker?: boolean): PlanRowSource {
  return (worker ?? inputs.n >= 20_000) ? workerPlanRows(inputs) : inlinePlanRows(inputs);
}

/** monthly_results: one row per node and month from `fromMonth` (and its join month) on. */
export async function writeMonthlyResults(w: FigureWriter, f: Figures, fromMonth = 0): Promise<number> {
  const ins = w.writer.inserter('monthly_results', MONTHLY_RESULT_COLUMNS);
  const n = f.n;
  const M = f.cal.months.length;
  const closed = f.cal.closed;
  const bvOf = f.cal.rules.map((r) => r.bvFenPerPv);
  const row: SqlValue[] = new Array<SqlValue>(17);
  await w.eachNode('monthly_results', (i) => {
    row[0] = f.ada[i]!;
    for (let m = Math.max(fromMonth, f.joinMonth[i]!); m < M; m++) {
      const cell = m * n + i;
      const ppv = f.ppv[cell]!;
      const nc = f.newCustomers[cell]!;
      const pgpv = f.pgpv[cell]!;
      const att = f.attended.get(cell);
      row[1] = f.cal.months[m]!;
      row[2] = ppv;
      row[3] = f.gpv[cell]!;
      row[4] = pgpv;
      row[5] = f.bvFen ? f.bvFen[cell]! : ppv * bvOf[m]!;
      row[6] = f.bracket[cell]!;
      row[7] = f.isQ[cell]!;
      row[8] = f.qLegs[cell]!;
      row[9] = pgpv;
      row[10] = f.isSp[cell]!;
      row[11] = f.pin[cell]!;
      row[12] = nc;
      row[13] = pointsOf(ppv, nc);
      row[14] = f.compliant[cell]!;
      row[15] = m < closed ? 1 : 0;
      row[16] = att ? att.join(',') : null;
      ins.add(row);
    }
  });
  return ins.rows;
}

/** statements: one row per node and closed month from `fromMonth` on with a positive pre-tax total. */
export async function writeStatements(w: FigureWriter, f: Figures, fromMonth = 0, adjust?: Adjustment): Promise<number> {
  const ins = w.writer.inserter('statements', ['ada', 'month', 'pretax_fen', 'tax_fen', 'net_fen', 'items']);
  const n = f.n;
  const closed = f.cal.closed;
  const rules = f.cal.rules;
  const row: SqlValue[] = new Array<SqlValue>(6);
  await w.eachNode('statements', (i) => {
    row[0] = f.ada[i]!;
    for (let m = Math.max(fromMonth, f.joinMonth[i]!); m < closed; m++) {
      const cell = m * n + i;
      const promo = f.promotionFen[cell]!;
      const lead = f.leadershipFen[cell]!;
      const ruby = f.rubyFen[cell]!;
      const pearl = f.pearlFen[cell]!;
      const annual = f.annual.get(cell);
      let pretax = promo + lead + ruby + pearl;
      if (annual) pretax += annual.emeraldFen + annual.diamondFen;
      if (pretax <= 0) continue;
      const r = rules[m]!;
      const bv = r.bvFenPerPv;
      let items = `[{"code":"PROMOTION","baseBvFen":${f.gpv[cell]! * bv},"rateBp":${f.bracket[cell]! * 100},"amountFen":${promo}}`;
      // With any 21 % leg the item is written even when nothing is kept: it says what was passed up.
      const leadIn = f.leadershipInFen[cell]!;
      if (lead || leadIn) {
        const how = `"inFen":${leadIn},"upFen":${f.leadershipUpFen[cell]!}`;
        items += `,{"code":"LEADERSHIP","baseBvFen":${f.qLegPgpv[cell]! * bv},"rateBp":${r.leadership.rateBp},"amountFen":${lead},${how}}`;
      }
      if (ruby) items += `,{"code":"RUBY","baseBvFen":${f.pgpv[cell]! * bv},"rateBp":${r.ruby.rateBp},"amountFen":${ruby}}`;
      if (pearl) items += `,{"code":"PEARL","baseBvFen":${f.depthPgpv[cell]! * bv},"rateBp":${r.pearl.rateBp},"amountFen":${pearl}}`;
      if (annual) {
        items += `,{"code":"EMERALD_ANNUAL","baseBvFen":${annual.baseBvFen},"rateBp":${annual.emeraldRateBp},"amountFen":${annual.emeraldFen}}`;
        if (annual.diamondFen) {
          items += `,{"code":"DIAMOND_ANNUAL","baseBvFen":${annual.baseBvFen},"rateBp":${annual.diamondRateBp},"amountFen":${annual.diamondFen}}`;
        }
      }
      const adj = adjust?.(i, m, promo);
      if (adj) {
        items += `,${adj.item}`;
        pretax += adj.amountFen;
        if (pretax <= 0) continue;
      }
      items += ']';
      const tax = remunerationWithholding(pretax);
      row[1] = f.cal.months[m]!;
      row[2] = pretax;
      row[3] = tax;
      row[4] = pretax - tax;
      row[5] = items;
      ins.add(row);
    }
  });
  return ins.rows;
}

/**
 * The demo's manual adjustments: a few statements carry a clawback for returned goods or a back
 * payment. Demo accounts keep clean statements.
 */
function demoAdjustments(ds: Dataset): Adjustment {
  const rng = new Rng(ds.options.seed, 'adjustments');
  return (i, _m, promo) => {
    if (ds.kind[i] === KIND.DEMO || !rng.chance(0.003)) return null;
    const ret = rng.chance(0.6) && promo > 2000;
    const code = ret ? 'RETURN' : 'SUPPLEMENT';
    const amount = ret ? -Math.round(promo * (0.05 + 0.25 * rng.next())) : 100 * rng.int(10, 500);
    const name = ADJUSTMENTS[code];
    return {
      item: `{"code":"ADJUSTMENT","subCode":"${code}","name":{"zh":"${name.zh}","en":"${name.en}"},"baseBvFen":0,"rateBp":0,"amountFen":${amount}}`,
      amountFen: amount,
    };
  };
}

export async function writeDataset(ds: Dataset, writer: BulkWriter, opts: WriteOptions = {}): Promise<WriteResult> {
  const { progress } = opts;
  const n = ds.n;
  const w = openFigureWriter(writer, ds, planSource(planInputsOf(ds), opts.planWorker), progress);
  const { rows, phases, eachNode, timed } = w;
  try {
    return await writeAll();
  } finally {
    await w.close();
  }

  async function writeAll(): Promise<WriteResult> {
    await timed('distributors', async () => {
      const ins = writer.inserter('distributors', DISTRIBUTOR_COLUMNS);
      const p = ds.people;
      const last = (ds.cal.months.length - 1) * n;
      const row: SqlValue[] = new Array<SqlValue>(18);
      await eachNode('distributors', (i) => {
        const s = ds.sponsor[i]!;
        const pm = ds.pinMonth[i]!;
        row[0] = ds.ada[i]!;
        row[1] = p.nameZh[i]!;
        row[2] = p.nameEn[i]!;
        row[3] = p.phone[i]!;
        row[4] = p.nationalId[i]!;
        row[5] = p.bankCard[i]!;
        row[6] = p.bankName[i]!;
        row[7] = s >= 0 ? ds.ada[s]! : null;
        row[8] = ds.joinDate[i]!;
        row[9] = 'ABO';
        row[10] = p.market[i]!;
        row[11] = p.shop[i] ?? null;
        row[12] = ds.treePos[i]!;
        row[13] = ds.treeSize[i]!;
        row[14] = ds.depth[i]!;
        row[15] = ds.pin[last + i]!;
        row[16] = pm >= 0 ? monthKeyOf(pm) : null;
        row[17] = p.headImage[i] ?? null;
        ins.add(row);
      });
      return ins.rows;
    });

    await timed('monthly_results', () => writeMonthlyResults(w, ds));
    await timed('statements', () => writeStatements(w, ds, 0, demoAdjustments(ds)));
    await timed('plan_results', () => w.planResults());

    await timed('reference', async () => {
      let count = 0;
      const shops = writer.inserter('shops', ['code', 'name_zh', 'name_en', 'city_zh', 'city_en', 'address', 'phone']);
      for (const s of SHOPS) shops.add([s.code, s.name_zh, s.name_en, s.city_zh, s.city_en, s.address, s.phone]);
      const pages = writer.inserter('description_pages', ['code', 'title_zh', 'title_en', 'content_zh', 'content_en']);
      for (const p of DESCRIPTION_PAGES) pages.add([p.code, p.title_zh, p.title_en, p.content_zh, p.content_en]);
      const prompts = writer.inserter('prompts', [
        'business_type',
        'year',
        'month',
        'type',
        'title_zh',
        'title_en',
        'content_zh',
        'content_en',
      ]);
      const today = ds.options.today;
      for (const p of promptsFor(pyOf(today), toMonthKey(today))) {
        prompts.add([p.business_type, p.year, p.month, p.type, p.title_zh, p.title_en, p.content_zh, p.content_en]);
      }
      const creds = writer.inserter('credentials', ['username', 'ada', 'kind', 'display_name', 'password_hash']);
      // A salt derived from the seed keeps re-seeding byte-identical; these are demo passwords.
      const hashes = await Promise.all(
        DEMO_ACCOUNTS.map((a) =>
          hashPassword(DEMO_PASSWORD, createHash('sha256').update(`abo-seed:${ds.options.seed}:${a.username}`).digest().subarray(0, 16)),
        ),
      );
      DEMO_ACCOUNTS.forEach((a, k) => creds.add([a.username, a.ada, a.kind, a.displayName, hashes[k]!]));
      const meta = writer.inserter('meta', ['key', 'value']);
      meta.add(['seed', JSON.stringify(ds.options)]);
      const seededAt = new Date().toISOString();
      meta.add(['seeded_at', seededAt]);
      // The same record the month close leaves (close/state.ts): the pages' "closed on …" and "updated HH:MM".
      meta.add([CLOSE_STATE_KEY, closeStateText(closedAtOnce(seededAt, ds.cal.months, toMonthKey(today), seededAt))]);
      meta.add(['today', today]);
      await writer.flush();
      count = shops.rows + pages.rows + prompts.rows + creds.rows + meta.rows;
      rows['shops'] = shops.rows;
      rows['description_pages'] = pages.rows;
      rows['prompts'] = prompts.rows;
      rows['credentials'] = creds.rows;
      rows['meta'] = meta.rows;
      return count;
    });
    delete rows['reference'];
    return { rows, phases, planMode: w.planMode };
  }
}
