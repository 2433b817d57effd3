import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  copiesBodySchema,
  copiesDataSchema,
  detailsBodySchema,
  detailsDataSchema,
  envelopeSchema,
  membersBodySchema,
  membersDataSchema,
  ok,
  partnersBodySchema,
  partnersDataSchema,
  type CopiesData,
  type DetailsData,
  type PartnerRow,
  type PartnersData,
} from '@abo/contract';
import { addMonths, nextBracket, previousPy, pyMonths, pyOf, qThreshold, rulesFor, toMonthKey } from '@abo/plan';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { nameFor, nameViewerOf } from '../../lib/name-policy.ts';
import { isInDownline, sessionOf, type Session } from '../../plugins/auth.ts';
import { dataVersion, VersionedCache } from '../data-version.ts';
import { downlineRange, marketSnapshot, shownOf, sortedOrder } from './market-snapshot.ts';
import { copyRuns, pageMembers } from './market-query.ts';
import { personOf, personOfShown } from './market-person.ts';

const downline = { downlineQuery: true } as const;

/** Member pages kept per process (each up to ~15 KB of JSON at 50 rows). */
const MEMBER_PAGES = 1000;

/** The month whose volumes a PY shows: the open month for the current PY, else its last month. */
function monthFor(py: string, todayMonth: string): string {
  const months = pyMonths(py);
  const last = months[months.length - 1]!;
  return last < todayMonth ? last : todayMonth;
}

function thresholdOf(py: string): number {
  return qThreshold(rulesFor(py, { fallback: 'nearest' }).brackets);
}

async function chunkedIn<T>(items: string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += 500) out.push(...(await run(items.slice(i, i + 500))));
  return out;
}

/** Resolves a row reference to a member in the viewer's market (or the viewer); audited like queryAda. */
async function resolveRef(db: DB, session: Session, ref: string, request: FastifyRequest): Promise<string> {
  const pos = Number(ref.slice(1));
  const row = await db.selectFrom('distributors').select('ada').where('tree_pos', '=', pos).executeTakeFirst();
  if (!row) throw notFound('This member no longer exists');
  if (row.ada === session.ada) return row.ada;
  if (!(await isInDownline(db, session.ada, row.ada))) throw forbidden('You can only view distributors in your own market');
  await db
    .insertInto('audit_log')
    .values({
      actor: session.actor,
      subject_ada: row.ada,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      channel: session.channel,
      at: new Date().toISOString(),
    })
    .execute();
  return row.ada;
}

/** The /bff/v1/incentive/market/* calls: partners, market members, tracking copies, market details. */
export async function incentiveMarketRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const now = () => {
    const today = opts.config.today();
    return { today, month: toMonthKey(today), py: pyOf(today) };
  };

  // Member pages (written as JSON once) recently asked for, while the data stays the same.
  const memberPages = new VersionedCache<JsonAnswer>(MEMBER_PAGES);

  // Build this PY's market snapshot (and its default order) before the server takes requests,
  // so the first market call does not wait for it.
  app.addHook('onReady', async () => {
    const { month, py } = now();
    try {
      sortedOrder(await marketSnapshot(db, py, month), 'pgpv');
    } catch (err) {
      app.log.warn({ err }, 'market snapshot warm-up failed; it is built on first use');
    }
  });

  r.post(
    '/bff/v1/incentive/market/partners',
    { config: downline, schema: { body: partnersBodySchema, response: { 200: envelopeSchema(partnersDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month: todayMonth, py } = now();
      const body = request.body;
      const pyList = pyMonths(py);
      const month = body.month ?? todayMonth;
      if (month > todayMonth || month < pyList[0]!) {
        throw badRequest(`month must be a month of the current performance year up to ${todayMonth}`);
      }
      const months = pyList;
      const started = months.filter((m) => m <= todayMonth);
      const threshold = thresholdOf(py);
      const viewer = await db.selectFrom('distributors').select(['ada', 'depth']).where('ada', '=', ada).executeTakeFirst();
      if (!viewer) throw notFound('Distributor not found');
      const frontline = await db
        .selectFrom('distributors')
        .select(['ada', 'name_zh', 'name_en', 'join_date', 'pin_code', 'depth', 'tree_pos', 'tree_size'])
        .where('sponsor_ada', '=', ada)
        .orderBy('tree_pos')
        .execute();
      const from = [addMonths(month, -5), months[0]!].sort()[0]!;
      const results = await chunkedIn(
        frontline.map((f) => f.ada),
        (chunk) =>
          db
            .selectFrom('monthly_results')
            .select(['ada', 'month', 'ppv', 'gpv', 'pgpv', 'bracket', 'is_q', 'pin_code'])
            .where('ada', 'in', chunk)
            .where('month', '>=', from)
            .where('month', '<=', todayMonth)
            .execute(),
      );
      const byKey = new Map(results.map((m) => [`${m.ada}|${m.month}`, m]));
      const trendMonths = Array.from({ length: 6 }, (_, k) => addMonths(month, k - 5));
      const prevMonth = addMonths(month, -1);
      const chancesLeft = (isQNow: boolean) => months.filter((m) => m > todayMonth).length + (isQNow ? 0 : 1);

      const all: PartnerRow[] = frontline.map((f) => {
        const m = byKey.get(`${f.ada}|${month}`);
        const pgpv = m?.pgpv ?? 0;
        const isQ = !!m?.is_q;
        const qByMonth = months.map((mm) => (mm > todayMonth ? null : !!byKey.get(`${f.ada}|${mm}`)?.is_q));
        const qMonthsPy = qByMonth.filter((q) => q === true).length;
        const isQToday = !!byKey.get(`${f.ada}|${todayMonth}`)?.is_q;
        const toSix = Math.max(0, 6 - qMonthsPy);
        const monthlyReason = isQ
          ? null
          : byKey.get(`${f.ada}|${prevMonth}`)?.is_q
            ? ('slipping' as const)
            : pgpv >= threshold * 0.4
              ? ('nearQ' as const)
              : null;
        const annualReason = qMonthsPy >= 1 && toSix > 0 && toSix <= chancesLeft(isQToday) ? ('nearSix' as const) : null;
        const annual = body.view === 'annual' || body.view === 'keyAnnual';
        return {
          ...personOf(
            {
              ada: f.ada,
              sponsorAda: ada,
              nameZh: f.name_zh,
              nameEn: f.name_en,
              pinCode: m?.pin_code ?? f.pin_code,
              joinDate: f.join_date,
              treePos: f.tree_pos,
            },
            1,
            names,
          ),
          ppv: m?.ppv ?? 0,
          gpv: m?.gpv ?? 0,
          pgpv,
          bracket: m?.bracket ?? 0,
          isQ,
          pvToQ: Math.max(0, threshold - pgpv),
          progressPct: Math.min(100, Math.round((pgpv / threshold) * 100)),
          qByMonth,
          qMonthsPy,
          trend: trendMonths.map((mm) => byKey.get(`${f.ada}|${mm}`)?.pgpv ?? 0),
          qMonthsToSix: toSix,
          downlineSize: Math.max(0, f.tree_size - 1),
          keyReason: annual ? annualReason : monthlyReason,
        };
      });

      let rows = all;
      if (body.view === 'keyMonthly') rows = all.filter((p) => p.keyReason !== null).sort((a, b) => a.pvToQ - b.pvToQ);
      else if (body.view === 'keyAnnual')
        rows = all.filter((p) => p.keyReason !== null).sort((a, b) => a.qMonthsToSix - b.qMonthsToSix || b.pgpv - a.pgpv);
      else if (body.view === 'annual') rows = [...all].sort((a, b) => b.qMonthsPy - a.qMonthsPy || b.pgpv - a.pgpv);
      else rows = [...all].sort((a, b) => b.pgpv - a.pgpv);

      const data: PartnersData = {
        view: body.view,
        py,
        month,
        monthOpen: month === todayMonth,
        openMonth: todayMonth,
        months,
        monthsLeft: started.length > 0 ? months.length - started.length + 1 : months.length,
        qThreshold: threshold,
        frontlineCount: frontline.length,
        summary: {
          qThisMonth: all.filter((p) => p.isQ).length,
          nearQ: all.filter((p) => !p.isQ && p.pgpv >= threshold * 0.4).length,
          sixPlus: all.filter((p) => p.qMonthsPy >= 6).length,
        },
        rows,
      };
      return ok(data);
    },
  );

  r.post(
    '/bff/v1/incentive/market/members',
    { config: downline, schema: { body: membersBodySchema, response: { 200: envelopeSchema(membersDataSchema) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month: todayMonth, py: currentPy } = now();
      const body = request.body;
      // A page depends on the snapshot (the data version), the member, who looks at it (whose
      // names are shown in full, name-policy.ts: a leader reading a member's page through
      // queryAda must not get the member's answer), today's month and the body; only pages of
      // valid bodies are kept, so the checks below can come after.
      const version = await dataVersion(db);
      const key = `${ada}|${names.ada}|${todayMonth}|${JSON.stringify(body)}`;
      const known = memberPages.get(key, version);
      if (known) return sendJson(request, reply, known);
      const years = [currentPy, previousPy(currentPy), previousPy(previousPy(currentPy)), previousPy(previousPy(previousPy(currentPy)))];
      const py = body.year ?? currentPy;
      if (!years.includes(py)) throw badRequest(`year must be one of ${years.join(', ')}`);
      if (body.levelMin !== undefined && body.levelMax !== undefined && body.levelMin > body.levelMax) {
        throw badRequest('levelMin must not be greater than levelMax');
      }
      if (body.bracketMin !== undefined && body.bracketMax !== undefined && body.bracketMin > body.bracketMax) {
        throw badRequest('bracketMin must not be greater than bracketMax');
      }
      const month = monthFor(py, todayMonth);
      const s = await marketSnapshot(db, py, month);
      const i = s.indexOfAda.get(ada);
      if (i === undefined) throw notFound('Distributor not found');
      const threshold = thresholdOf(py);
      const pyStartDate = `${pyMonths(py)[0]!}-01`;
      const pyEndDate = `${pyMonths(py)[11]!}-31`;
      const [from, to] = downlineRange(s, i);
      let maxLevel = s.maxDepthBelow.get(i);
      if (maxLevel === undefined) {
        maxLevel = 0;
        for (let k = from; k < to; k++) if (s.depth[k]! > maxLevel) maxLevel = s.depth[k]!;
        s.maxDepthBelow.set(i, maxLevel);
      }
      const page = pageMembers(s, i, from, to, body, { pyStartDate, pyEndDate }, names);
      const baseDepth = s.depth[i]!;
      const answer = okJson(membersDataSchema, {
        py,
        month,
        monthOpen: month === todayMonth,
        years,
        qThreshold: threshold,
        downlineSize: to - from,
        maxLevel: to > from ? maxLevel - baseDepth : 0,
        total: page.total,
        page: body.page,
        pageSize: body.pageSize,
        rows: page.indices.map((k) => {
          const pgpv = s.pgpv[k]!;
          const joinDate = s.joinDate[k]!;
          // Object.assign, not `{ ...person, joinedThisPy, … }`: on Node 20 that spread costs about
          // 14 µs a row, a quarter of the whole request for a page of 20 (bench/bff.ts).
          return Object.assign(
            personOfShown(shownOf(s, k, names), { pinCode: s.pin[k]!, joinDate, treePos: s.pos[k]! }, s.depth[k]! - baseDepth),
            {
              joinedThisPy: joinDate >= pyStartDate && joinDate <= pyEndDate,
              ppv: s.ppv[k]!,
              gpv: s.gpv[k]!,
              pgpv,
              bracket: s.bracket[k]!,
              isQ: s.isQ[k]! === 1,
              pvToQ: Math.max(0, threshold - pgpv),
              qMonthsPy: s.qCount[k]!,
            },
          );
        }),
      });
      memberPages.set(key, version, answer);
      return sendJson(request, reply, answer);
    },
  );

  r.post(
    '/bff/v1/incentive/market/copies',
    { config: downline, schema: { body: copiesBodySchema, response: { 200: envelopeSchema(copiesDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month: todayMonth, py } = now();
      const lastPy = previousPy(py);
      const body = request.body;
      const cur = await marketSnapshot(db, py, todayMonth);
      const last = await marketSnapshot(db, lastPy, monthFor(lastPy, todayMonth));
      const i = cur.indexOfAda.get(ada);
      if (i === undefined) throw notFound('Distributor not found');
      const [from, to] = downlineRange(cur, i);
      const runs = copyRuns(cur, last, from, to);
      const kept = runs.filter((c) => (body.kind === 'streak' ? c.longestRun >= 2 : body.kind === 'repeatYear' ? c.repeatedYear : true));
      kept.sort((a, b) => b.currentRun - a.currentRun || b.longestRun - a.longestRun || b.qThis - a.qThis || a.index - b.index);
      const start = (body.page - 1) * body.pageSize;
      const baseDepth = cur.depth[i]!;
      const months = pyMonths(py);
      const data: CopiesData = {
        py,
        lastPy,
        months,
        total: kept.length,
        totals: { streak: runs.filter((c) => c.longestRun >= 2).length, repeatYear: runs.filter((c) => c.repeatedYear).length },
        page: body.page,
        pageSize: body.pageSize,
        rows: kept.slice(start, start + body.pageSize).map((c) => {
          const k = c.index;
          return {
            ...personOfShown(
              shownOf(cur, k, names),
              { pinCode: cur.pin[k]!, joinDate: cur.joinDate[k]!, treePos: cur.pos[k]! },
              cur.depth[k]! - baseDepth,
            ),
            qMonthsPy: c.qThis,
            qMonthsLastPy: c.qLast,
            longestRun: c.longestRun,
            currentRun: c.currentRun,
            qByMonth: months.map((m, bit) => (m > todayMonth ? null : (cur.qMask[k]! & (1 << bit)) !== 0)),
            repeatedYear: c.repeatedYear,
          };
        }),
      };
      return ok(data);
    },
  );

  r.post(
    '/bff/v1/incentive/market/details',
    { config: downline, schema: { body: detailsBodySchema, response: { 200: envelopeSchema(detailsDataSchema) } } },
    async (request) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const { month: todayMonth, py } = now();
      const memberAda = request.body.ref ? await resolveRef(db, session, request.body.ref, request) : session.ada;
      const self = memberAda === session.actor;
      const [member, viewer] = await Promise.all([
        db.selectFrom('distributors').selectAll().where('ada', '=', memberAda).executeTakeFirst(),
        db.selectFrom('distributors').select(['ada', 'depth']).where('ada', '=', session.actor).executeTakeFirst(),
      ]);
      if (!member) throw notFound('Distributor not found');
      // Staff see the member as level 0 (they have no place in the tree).
      const level = viewer ? Math.max(0, member.depth - viewer.depth) : 0;
      const months = pyMonths(py).filter((m) => m <= todayMonth);
      const threshold = thresholdOf(py);
      const [monthly, legs, sponsor] = await Promise.all([
        db
          .selectFrom('monthly_results')
          .select(['month', 'ppv', 'gpv', 'pgpv', 'bracket', 'is_q', 'q_legs', 'apv', 'pin_code'])
          .where('ada', '=', memberAda)
          .where('month', '>=', months[0]!)
          .where('month', '<=', todayMonth)
          .orderBy('month')
          .execute(),
        db
          .selectFrom('distributors')
          .select(['ada', 'name_zh', 'name_en', 'join_date', 'pin_code', 'tree_pos'])
          .where('sponsor_ada', '=', memberAda)
          .orderBy('tree_pos')
          .execute(),
        member.sponsor_ada
          ? db
              .selectFrom('distributors')
              .select(['ada', 'sponsor_ada', 'name_zh', 'name_en'])
              .where('ada', '=', member.sponsor_ada)
              .executeTakeFirst()
          : Promise.resolve(undefined),
      ]);
      const legMonthly = await chunkedIn(
        legs.map((l) => l.ada),
        (chunk) =>
          db
            .selectFrom('monthly_results')
            .select(['ada', 'month', 'pgpv', 'bracket', 'is_q', 'pin_code'])
            .where('ada', 'in', chunk)
            .where('month', '>=', months[0]!)
            .where('month', '<=', todayMonth)
            .execute(),
      );
      const legRows = new Map<string, typeof legMonthly>();
      for (const m of legMonthly) {
        const list = legRows.get(m.ada);
        if (list) list.push(m);
        else legRows.set(m.ada, [m]);
      }
      const byMonth = new Map(monthly.map((m) => [m.month, m]));
      const cur = byMonth.get(todayMonth);
      const pgpv = cur?.pgpv ?? 0;
      const next = nextBracket(rulesFor(py, { fallback: 'nearest' }).brackets, pgpv);
      const data: DetailsData = {
        self,
        member: {
          ...personOf(
            {
              ada: member.ada,
              sponsorAda: member.sponsor_ada,
              nameZh: member.name_zh,
              nameEn: member.name_en,
              pinCode: cur?.pin_code ?? member.pin_code,
              joinDate: member.join_date,
              treePos: member.tree_pos,
            },
            level,
            names,
          ),
          sponsorMaskedName: sponsor
            ? nameFor(names, { ada: sponsor.ada, sponsorAda: sponsor.sponsor_ada, nameZh: sponsor.name_zh, nameEn: sponsor.name_en }).nameZh
            : null,
          downlineSize: Math.max(0, member.tree_size - 1),
          frontlineCount: legs.length,
        },
        py,
        month: todayMonth,
        qThreshold: threshold,
        current: {
          pgpv,
          bracket: cur?.bracket ?? 0,
          isQ: !!cur?.is_q,
          pvToQ: Math.max(0, threshold - pgpv),
          nextBracket: next.nextPercent,
          pvToNextBracket: next.pvNeeded,
        },
        qMonthsPy: monthly.filter((m) => m.is_q).length,
        months: months.map((m) => {
          const x = byMonth.get(m);
          return {
            month: m,
            open: m === todayMonth,
            ppv: x?.ppv ?? 0,
            gpv: x?.gpv ?? 0,
            pgpv: x?.pgpv ?? 0,
            bracket: x?.bracket ?? 0,
            isQ: !!x?.is_q,
            qLegs: x?.q_legs ?? 0,
            apv: x?.apv ?? 0,
          };
        }),
        legs: legs
          .map((l) => {
            const rows = legRows.get(l.ada) ?? [];
            const now = rows.find((m) => m.month === todayMonth);
            return {
              ...personOf(
                {
                  ada: l.ada,
                  sponsorAda: memberAda,
                  nameZh: l.name_zh,
                  nameEn: l.name_en,
                  pinCode: now?.pin_code ?? l.pin_code,
                  joinDate: l.join_date,
                  treePos: l.tree_pos,
                },
                level + 1,
                names,
              ),
              pgpv: now?.pgpv ?? 0,
              bracket: now?.bracket ?? 0,
              isQ: !!now?.is_q,
              qMonthsPy: rows.filter((m) => m.is_q).length,
            };
          })
          .sort((a, b) => b.pgpv - a.pgpv),
      };
      return ok(data);
    },
  );
}
