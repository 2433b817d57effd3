import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEMBER_SORT_ORDER, membersDataSchema, ok, partnersDataSchema, treeDataSchema } from '@abo/contract';
import { marketRules, previousPy, pyMonths, pyOf, qThresholdOf, toMonthKey } from '@abo/plan';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { auditAction } from '../../db/audit.ts';
import { distributorOfRef } from '../../db/distributors.ts';
import { companyHistoryStart } from '../../db/history-start.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { endpoint } from '../../lib/endpoint.ts';
import { okJson, sendJson, type JsonAnswer } from '../../lib/json-answer.ts';
import { refOf } from '../../lib/member-ref.ts';
import { nameViewerOf, type NameViewer } from '../../lib/name-policy.ts';
import { sessionOf } from '../../lib/session.ts';
import { copyRow, detailsData, memberRow, partnersData, partnersFrom } from './market-presenter.ts';
import { frontlineWithMonths, marketOwnerOr404, memberDetails, memberOfRef } from './market-queries.ts';
import { copyRuns, filterFieldsOf, pageMembers, type MemberFilter, type MemberFilterFields } from './market-filter.ts';
import { downlineRange, marketSnapshot, sortedOrder, type MarketSnapshot } from './market-snapshot.ts';
import { indexOfMember, treeFilter, treePage, treeSearch, type TreeView } from './market-tree.ts';

/** Calls limited per account (plugins/heavy-calls.ts): each reads a whole market or more. */
const HEAVY = { config: { heavy: true } };

/** Member pages kept per process (each up to ~30 KB of JSON at 100 rows). */
const MEMBER_PAGES = 1000;

/** The month whose volumes a PY shows: the open month for the current PY, else its last month. */
function monthFor(py: string, todayMonth: string): string {
  const last = pyMonths(py)[11]!;
  return last < todayMonth ? last : todayMonth;
}

/** The PYs member tracking can show (this one and three before it), newest first. */
function memberYears(currentPy: string): string[] {
  const years = [currentPy];
  while (years.length < 4) years.push(previousPy(years[years.length - 1]!));
  return years;
}

/** A PY's first and last day, for "joined this PY". */
function pyDates(py: string): { pyStartDate: string; pyEndDate: string } {
  const pm = pyMonths(py);
  return { pyStartDate: `${pm[0]!}-01`, pyEndDate: `${pm[11]!}-31` };
}

/** Refuses a members body whose ranges are upside down. */
function checkRanges(body: {
  levelMin?: number | undefined;
  levelMax?: number | undefined;
  bracketMin?: number | undefined;
  bracketMax?: number | undefined;
}): void {
  if (body.levelMin !== undefined && body.levelMax !== undefined && body.levelMin > body.levelMax) {
    throw badRequest('levelMin must not be greater than levelMax');
  }
  if (body.bracketMin !== undefined && body.bracketMax !== undefined && body.bracketMin > body.bracketMax) {
    throw badRequest('bracketMin must not be greater than bracketMax');
  }
}

/** The deepest level below member `i` (kept on the snapshot per member asked about). */
function maxLevelBelow(s: MarketSnapshot, i: number, from: number, to: number): number {
  let maxLevel = s.maxDepthBelow.get(i);
  if (maxLevel === undefined) {
    maxLevel = 0;
    for (let k = from; k < to; k++) if (s.depth[k]! > maxLevel) maxLevel = s.depth[k]!;
    s.maxDepthBelow.set(i, maxLevel);
  }
  return to > from ? maxLevel - s.depth[i]! : 0;
}

/** One page of member tracking: a member's downline from the PY's snapshot, filtered, sorted and paged. */
async function memberPage(
  db: DB,
  ada: string,
  names: NameViewer,
  body: MemberFilter & { year?: string | undefined },
  at: { currentPy: string; todayMonth: string },
): Promise<JsonAnswer> {
  const years = memberYears(at.currentPy);
  const py = body.year ?? at.currentPy;
  if (!years.includes(py)) throw badRequest(`year must be one of ${years.join(', ')}`);
  checkRanges(body);
  const month = monthFor(py, at.todayMonth);
  const s = await marketSnapshot(db, py, month);
  const i = s.indexOfAda.get(ada);
  if (i === undefined) throw notFound('Distributor not found');
  const [from, to] = downlineRange(s, i);
  const row = { baseDepth: s.depth[i]!, threshold: qThresholdOf(py), ...pyDates(py) };
  const page = pageMembers(s, i, from, to, body, row, names);
  return okJson(membersDataSchema, {
    py,
    month,
    monthOpen: month === at.todayMonth,
    years,
    qThreshold: row.threshold,
    downlineSize: to - from,
    maxLevel: maxLevelBelow(s, i, from, to),
    total: page.total,
    page: body.page,
    pageSize: body.pageSize,
    rows: page.indices.map((k) => memberRow(s, k, names, row)),
  });
}

/** The /bff/v1/incentive/market/* calls: partners, market members, tracking copies, market details, the team tree. */
export async function incentiveMarketRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const now = () => {
    const today = opts.config.today();
    return { today, month: toMonthKey(today), py: pyOf(today) };
  };

  // Member pages (written as JSON once) recently asked for, while the data stays the same.
  const memberPages = new AnswerCache<JsonAnswer>(MEMBER_PAGES);
  // Partner answers likewise (security finding M6: a heavy call asked for again and again).
  const partnerAnswers = new AnswerCache<JsonAnswer>(MEMBER_PAGES);

  // Build this PY's market snapshot (and its default order) before the server takes requests,
  // so the first market call does not wait for it; /readyz waits for it too
  // (routes/health/health-routes.ts).
  const warmedUp = app.readiness.hold('market snapshot');
  app.addHook('onReady', async () => {
    const { month, py } = now();
    try {
      sortedOrder(await marketSnapshot(db, py, month), 'pgpv');
    } catch (err) {
      app.log.warn({ err }, 'market snapshot warm-up failed; it is built on first use');
    } finally {
      warmedUp();
    }
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/partners', HEAVY),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const { month: todayMonth, py } = now();
      const months = pyMonths(py);
      const { view } = request.body;
      const month = request.body.month ?? todayMonth;
      if (month > todayMonth || month < months[0]!) {
        throw badRequest(`month must be a month of the current performance year up to ${todayMonth}`);
      }
      // Keyed as a member page is: whose partners, who looks (name-policy.ts), today's month, the month
      // and view asked for; the data version is the cache's. A refused ADA (404) is not kept.
      const key = `${session.ada}|${names.ada}|${todayMonth}|${month}|${view}`;
      const answer = await partnerAnswers.get(
        db,
        key,
        async () => {
          await marketOwnerOr404(db, session.ada);
          const { frontline, results } = await frontlineWithMonths(db, session.ada, partnersFrom(month, months), todayMonth);
          const rules = marketRules(py);
          const context = { view, py, month, todayMonth, months, rules, threshold: qThresholdOf(py) };
          return okJson(partnersDataSchema, partnersData(frontline, results, { ...context, viewerAda: session.ada, names }));
        },
        session.ada,
      );
      return sendJson(request, reply, answer);
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/members'),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month: todayMonth, py: currentPy } = now();
      // No order given: the sort's own (closest to Q first for "PV to Q").
      const body = { ...request.body, order: request.body.order ?? MEMBER_SORT_ORDER[request.body.sort] };
      // A page depends on the snapshot (the data version), the member, who looks at it (whose
      // names are shown in full, name-policy.ts: a leader reading a member's page through
      // queryAda must not get the member's answer), today's month and the body.
      const key = `${ada}|${names.ada}|${todayMonth}|${JSON.stringify(body)}`;
      const answer = await memberPages.get(db, key, () => memberPage(db, ada, names, body, { currentPy, todayMonth }), ada);
      return sendJson(request, reply, answer);
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/copies'),
    handler: async (request) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const { month: todayMonth, py } = now();
      const lastPy = previousPy(py);
      const { kind, page, pageSize } = request.body;
      const [cur, last, companyStart] = await Promise.all([
        marketSnapshot(db, py, todayMonth),
        marketSnapshot(db, lastPy, monthFor(lastPy, todayMonth)),
        companyHistoryStart(db),
      ]);
      const i = cur.indexOfAda.get(session.ada);
      if (i === undefined) throw notFound('Distributor not found');
      const runs = copyRuns(cur, last, ...downlineRange(cur, i));
      const kept = runs.filter((c) => (kind === 'streak' ? c.longestRun >= 2 : kind === 'repeatYear' ? c.repeatedYear : true));
      kept.sort((a, b) => b.currentRun - a.currentRun || b.longestRun - a.longestRun || b.qThis - a.qThis || a.index - b.index);
      const months = pyMonths(py);
      const totals = { streak: runs.filter((c) => c.longestRun >= 2).length, repeatYear: runs.filter((c) => c.repeatedYear).length };
      const rows = kept
        .slice((page - 1) * pageSize, page * pageSize)
        .map((c) => copyRow(cur, c, names, cur.depth[i]!, months, todayMonth, companyStart));
      return ok({ py, lastPy, months, total: kept.length, totals, page, pageSize, rows });
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/details', HEAVY),
    handler: async (request) => {
      const session = sessionOf(request);
      const { month: todayMonth, py } = now();
      const ref = request.body.ref;
      const memberAda = ref ? await memberOfRef(db, session, ref, auditAction(request)) : session.ada;
      const months = pyMonths(py).filter((m) => m <= todayMonth);
      const loaded = await memberDetails(db, memberAda, session.actor, months[0]!, todayMonth);
      const context = { self: memberAda === session.actor, py, todayMonth, months, rules: marketRules(py), threshold: qThresholdOf(py) };
      return ok(detailsData(loaded, { ...context, names: nameViewerOf(session) }));
    },
  });

  // The team tree (issue #22): read off the current PY's snapshot, like the members list.
  const treeContext = async (ada: string) => {
    const { month: todayMonth, py } = now();
    const s = await marketSnapshot(db, py, todayMonth);
    const root = s.indexOfAda.get(ada);
    if (root === undefined) throw notFound('Distributor not found');
    return { s, root, py, todayMonth };
  };
  /** The tree's order and the list's filters from a tree body, filtering the viewer's downline once. */
  const treeViewOf = (
    c: { s: MarketSnapshot; root: number; py: string },
    body: MemberFilterFields & { sort: TreeView['sort'] },
    names: NameViewer,
  ): TreeView => {
    checkRanges(body);
    return { sort: body.sort, threshold: qThresholdOf(c.py), filter: treeFilter(c.s, c.root, body, pyDates(c.py), names) };
  };
  // Pages of branches recently opened, as JSON (written and compressed once).
  const treeAnswers = new AnswerCache<JsonAnswer>(MEMBER_PAGES);

  r.route({
    ...endpoint('/bff/v1/incentive/market/tree'),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const { ref, offset, pageSize, sort } = request.body;
      // Keyed as a member page is (who is shown, who looks, the month, the order and filters); a
      // refused ref is not kept.
      const viewKey = JSON.stringify({ sort, ...filterFieldsOf(request.body) });
      const key = `${session.ada}|${names.ada}|${now().month}|${ref ?? ''}|${offset}|${pageSize}|${viewKey}`;
      const answer = await treeAnswers.get(
        db,
        key,
        async () => {
          const c = await treeContext(session.ada);
          const { s, root, py, todayMonth } = c;
          const view = treeViewOf(c, request.body, names);
          const i = ref ? indexOfMember(s, root, (await distributorOfRef(db, ref))?.ada) : root;
          return okJson(treeDataSchema, {
            py,
            month: s.month,
            monthOpen: s.month === todayMonth,
            qThreshold: view.threshold,
            ref: i === root ? null : refOf(s.no[i]!),
            level: s.depth[i]! - s.depth[root]! + 1,
            downlineSize: s.size[i]! - 1,
            ...treePage(s, i, names, offset, pageSize, view),
          });
        },
        session.ada,
      );
      return sendJson(request, reply, answer);
    },
  });

  r.route({
    ...endpoint('/bff/v1/incentive/market/tree/search', HEAVY),
    handler: async (request) => {
      const session = sessionOf(request);
      const names = nameViewerOf(session);
      const c = await treeContext(session.ada);
      const { search, filterSearch, ...rest } = request.body;
      return ok(treeSearch(c.s, c.root, names, search, treeViewOf(c, { ...rest, search: filterSearch }, names)));
    },
  });
}
