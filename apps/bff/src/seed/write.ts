// Writes a generated dataset through a BulkWriter, in primary-key order (ADA, then month), so
// SQLite appends to its B-trees instead of splitting pages all over them.
import { createHash } from 'node:crypto';
import { monthKeyOf, pyOf, remunerationWithholding, rulesFor, toMonthKey } from '@abo/plan';
import type { BulkWriter, SqlValue } from '../db/bulk.ts';
import { hashPassword } from '../idp/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.ts';
import { KIND, pointsOf, type Dataset, type ProgressFn } from './generate.ts';
import { inlinePlanRows, workerPlanRows } from './plan-source.ts';
import { planInputsOf } from './plans.ts';
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

export async function writeDataset(ds: Dataset, writer: BulkWriter, opts: WriteOptions = {}): Promise<WriteResult> {
  const { progress } = opts;
  const phases: PhaseTiming[] = [];
  const rows: Record<string, number> = {};
  const n = ds.n;
  const order = ds.order;
  const step = Math.max(1, Math.floor(n / 20));
  const inputs = planInputsOf(ds);
  const plans = (opts.planWorker ?? n >= 20_000) ? workerPlanRows(inputs) : inlinePlanRows(inputs);
  const planIns = writer.inserter('plan_results', ['ada', 'py', 'summary']);
  /** Writes the plan rows the worker has finished so far (both tables stay in key order). */
  const drainPlans = () => {
    for (const chunk of plans.take()) for (const row of chunk) planIns.add(row);
  };
  const timed = async (name: string, fn: () => Promise<number>) => {
    const t0 = performance.now();
    rows[name] = await fn();
    phases.push({
      name: `write ${name}`,
      seconds: (performance.now() - t0) / 1000,
    });
  };
  /** Runs body for every node in ADA order, flushing and reporting as it goes. */
  const eachNode = async (phase: string, body: (i: number) => void) => {
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
  };
  try {
    return await writeAll();
  } finally {
    await plans.close();
  }

  async function writeAll(): Promise<WriteResult> {
    await timed('distributors', async () => {
      const ins = writer.inserter('distributors', [
        'ada',
        'name_zh',
        'name_en',
        'phone',
        'national_id',
        'bank_card',
        'bank_name',
        'sponsor_ada',
        'join_date',
        'user_type',
        'market',
        'shop_code',
        'tree_pos',
        'tree_size',
        'depth',
        'pin_code',
        'pin_month',
        'head_image',
      ]);
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

    await timed('monthly_results', async () => {
      const ins = writer.inserter('monthly_results', [
        'ada',
        'month',
        'ppv',
        'gpv',
        'pgpv',
        'bv_fen',
        'bracket',
        'is_q',
        'q_legs',
        'apv',
        'is_sp',
        'pin_code',
        'new_customers',
        'points',
        'compliant',
        'closed',
        'attended',
      ]);
      const M = ds.cal.months.length;
      const closed = ds.cal.closed;
      const bvOf = ds.cal.months.map((m) => rulesFor(pyOf(m), { fallback: 'nearest' }).bvFenPerPv);
      const row: SqlValue[] = new Array<SqlValue>(17);
      await eachNode('monthly_results', (i) => {
        row[0] = ds.ada[i]!;
        for (let m = Math.max(0, ds.joinMonth[i]!); m < M; m++) {
          const cell = m * n + i;
          const ppv = ds.ppv[cell]!;
          const nc = ds.newCustomers[cell]!;
          const pgpv = ds.pgpv[cell]!;
          const att = ds.attended.get(cell);
          row[1] = ds.cal.months[m]!;
          row[2] = ppv;
          row[3] = ds.gpv[cell]!;
          row[4] = pgpv;
          row[5] = ppv * bvOf[m]!;
          row[6] = ds.bracket[cell]!;
          row[7] = ds.isQ[cell]!;
          row[8] = ds.qLegs[cell]!;
          row[9] = pgpv;
          row[10] = ds.isSp[cell]!;
          row[11] = ds.pin[cell]!;
          row[12] = nc;
          row[13] = pointsOf(ppv, nc);
          row[14] = ds.compliant[cell]!;
          row[15] = m < closed ? 1 : 0;
          row[16] = att ? att.join(',') : null;
          ins.add(row);
        }
      });
      return ins.rows;
    });

    await timed('statements', async () => {
      const ins = writer.inserter('statements', ['ada', 'month', 'pretax_fen', 'tax_fen', 'net_fen', 'items']);
      const closed = ds.cal.closed;
      const rules = ds.cal.rules;
      const rng = new Rng(ds.options.seed, 'adjustments');
      const row: SqlValue[] = new Array<SqlValue>(6);
      await eachNode('statements', (i) => {
        row[0] = ds.ada[i]!;
        for (let m = Math.max(0, ds.joinMonth[i]!); m < closed; m++) {
          const cell = m * n + i;
          const promo = ds.promotionFen[cell]!;
          const lead = ds.leadershipFen[cell]!;
          const ruby = ds.rubyFen[cell]!;
          const pearl = ds.pearlFen[cell]!;
          const annual = ds.annual.get(cell);
          let pretax = promo + lead + ruby + pearl;
          if (annual) pretax += annual.emeraldFen + annual.diamondFen;
          if (pretax <= 0) continue;
          const r = rules[m]!;
          const bv = r.bvFenPerPv;
          let items = `[{"code":"PROMOTION","baseBvFen":${ds.pgpv[cell]! * bv},"rateBp":${ds.bracket[cell]! * 100},"amountFen":${promo}}`;
          if (lead)
            items += `,{"code":"LEADERSHIP","baseBvFen":${ds.qLegPgpv[cell]! * bv},"rateBp":${r.leadership.rateBp},"amountFen":${lead}}`;
          if (ruby) items += `,{"code":"RUBY","baseBvFen":${ds.pgpv[cell]! * bv},"rateBp":${r.ruby.rateBp},"amountFen":${ruby}}`;
          if (pearl) items += `,{"code":"PEARL","baseBvFen":${ds.depthPgpv[cell]! * bv},"rateBp":${r.pearl.rateBp},"amountFen":${pearl}}`;
          if (annual) {
            items += `,{"code":"EMERALD_ANNUAL","baseBvFen":${annual.baseBvFen},"rateBp":${annual.emeraldRateBp},"amountFen":${annual.emeraldFen}}`;
            if (annual.diamondFen) {
              items += `,{"code":"DIAMOND_ANNUAL","baseBvFen":${annual.baseBvFen},"rateBp":${annual.diamondRateBp},"amountFen":${annual.diamondFen}}`;
            }
          }
          // A few statements carry a manual adjustment: a clawback for returned goods or a back
          // payment. Demo accounts keep clean statements.
          if (ds.kind[i] !== KIND.DEMO && rng.chance(0.003)) {
            const ret = rng.chance(0.6) && promo > 2000;
            const code = ret ? 'RETURN' : 'SUPPLEMENT';
            const amount = ret ? -Math.round(promo * (0.05 + 0.25 * rng.next())) : 100 * rng.int(10, 500);
            const name = ADJUSTMENTS[code];
            items += `,{"code":"ADJUSTMENT","subCode":"${code}","name":{"zh":"${name.zh}","en":"${name.en}"},"baseBvFen":0,"rateBp":0,"amountFen":${amount}}`;
            pretax += amount;
            if (pretax <= 0) continue;
          }
          items += ']';
          const tax = remunerationWithholding(pretax);
          row[1] = ds.cal.months[m]!;
          row[2] = pretax;
          row[3] = tax;
          row[4] = pretax - tax;
          row[5] = items;
          ins.add(row);
        }
      });
      return ins.rows;
    });

    // Evaluated on the worker meanwhile (or here, inline); what is left is written now.
    await timed('plan_results', async () => {
      drainPlans();
      for (let chunk = await plans.next(); chunk; chunk = await plans.next()) {
        for (const row of chunk) planIns.add(row);
        progress?.({
          phase: 'plan_results',
          done: plans.done,
          total: n,
          label: plans.mode,
        });
        await writer.flush();
      }
      progress?.({
        phase: 'plan_results',
        done: n,
        total: n,
        label: plans.mode,
      });
      return planIns.rows;
    });

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
      meta.add(['seeded_at', new Date().toISOString()]);
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
    return { rows, phases, planMode: plans.mode };
  }
}
