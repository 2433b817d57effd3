import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  achCompositionDataSchema,
  achEstimateBodySchema,
  achEstimateDataSchema,
  achGloryDataSchema,
  achInvitationCreateBodySchema,
  achInvitationDataSchema,
  achInvitationRevokeBodySchema,
  achInvitationsDataSchema,
  achMonthBodySchema,
  achMonthsBodySchema,
  achMonthsDataSchema,
  achOutstandingBodySchema,
  achOutstandingDataSchema,
  achOverallMarketDataSchema,
  achOverseaDataSchema,
  achOverviewDataSchema,
  achRankDataSchema,
  achShopBodySchema,
  achShopDataSchema,
  achStarDetailDataSchema,
  achTargetBodySchema,
  achTargetDataSchema,
  achTopupDataSchema,
  baseBodySchema,
  envelopeSchema,
  maskPrivacy,
  ok,
  type AchEstimateSide,
  type AchInvitation,
} from '@abo/contract';
import {
  PIN_CODES,
  addMonths,
  closedMonths,
  daysLeftInMonth,
  estimateMonth,
  marketingStarRule,
  monthMeets,
  nextBracket,
  pinCountersOf,
  pinName,
  pinRequirements,
  ppvNeededForSp,
  pyOf,
  remainingMonths,
  toMonthKey,
  type EstimateSide,
  type LegVolume,
} from '@abo/plan';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import type { InvitationsTable } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { nameFor, nameViewerOf, type NameViewer } from '../../lib/name-policy.ts';
import { sessionOf } from '../../plugins/auth.ts';
import {
  MONTH_COLUMNS,
  createScanCache,
  explainHistory,
  fillMonths,
  frontlineQByMonth,
  loadMonths,
  monthsEnding,
  pinMonthsOf,
  rulesOf,
  toAchMonth,
} from './achievement-data.ts';

const optionalBody = baseBodySchema.optional();
const env = envelopeSchema;
const MAX_ACTIVE_INVITATIONS = 50;
/** Revoked invitations kept per user (the newest): the list shows them, and create/revoke cannot grow it without end. */
export const MAX_KEPT_REVOKED_INVITATIONS = 50;
const LISTED_LEGS = 30;

function invitationPath(id: string): string {
  return `/idp/login?redirect_uri=${encodeURIComponent(`/front/?invitation=${id}`)}&invitation=${id}`;
}

function toInvitation(r: InvitationsTable): AchInvitation {
  return {
    id: r.id,
    inviteeName: r.invitee_name,
    note: r.note,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
    path: invitationPath(r.id),
  };
}

/** Only the distributor themself changes their settings (staff and downline views read only). */
function writer(request: FastifyRequest): string {
  const s = sessionOf(request);
  if (s.staff) throw forbidden("Staff accounts cannot change a distributor's settings");
  if (s.ada !== s.actor) throw forbidden('You can only change your own settings');
  return s.ada;
}

/** A person's Chinese name as this viewer may see it (name-policy.ts). */
function nameOf(viewer: NameViewer, row: { ada: string; sponsor_ada: string | null; name_zh: string }): string {
  return nameFor(viewer, { ada: row.ada, sponsorAda: row.sponsor_ada, nameZh: row.name_zh, nameEn: '' }).nameZh;
}

async function distributorOf(db: DB, ada: string) {
  const d = await db
    .selectFrom('distributors')
    .select(['ada', 'sponsor_ada', 'name_zh', 'pin_code', 'pin_month', 'tree_pos', 'tree_size', 'depth'])
    .where('ada', '=', ada)
    .executeTakeFirst();
  if (!d) throw notFound('Distributor not found');
  return d;
}

function sideOf(s: EstimateSide): AchEstimateSide {
  return {
    ppv: s.ppv,
    pgpv: s.pgpv,
    bracketPercent: s.bracketPercent,
    isQ: s.isQ,
    qLegs: s.qLegs,
    apv: s.apv,
    isSpMonth: s.isSpMonth,
    promotionFen: s.promotionFen,
    pretaxFen: s.pretaxFen,
    taxFen: s.taxFen,
    netFen: s.netFen,
    pvForNextBracket: s.next.pvNeeded,
  };
}

/** The /bff/v1/achievement/* page data calls. */
export async function achievementRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const cache = createScanCache();
  const clock = () => {
    const today = opts.config.today();
    const month = toMonthKey(today);
    return { today, month, py: pyOf(today) };
  };

  /** Pin state of one distributor: stored pin, engine explanation, this PY's counters. */
  const rankState = async (ada: string) => {
    const { today, month, py } = clock();
    const d = await distributorOf(db, ada);
    // Closed months never change: their rows, the frontline Q legs and the engine's replay are cached.
    const history = await cache.get(`history:${ada}:${month}`, true, async () => {
      const [rows, legsQ] = await Promise.all([
        db
          .selectFrom('monthly_results')
          .select([...MONTH_COLUMNS])
          .where('ada', '=', ada)
          .where('month', '<', month)
          .orderBy('month')
          .execute(),
        frontlineQByMonth(db, ada, '0000-00', month),
      ]);
      const closed = rows.map((x) => toAchMonth(x, month));
      return { closed, legsQ, explained: explainHistory(closed, legsQ) };
    });
    const [currentRow, settings] = await Promise.all([
      db
        .selectFrom('monthly_results')
        .select([...MONTH_COLUMNS])
        .where('ada', '=', ada)
        .where('month', '=', month)
        .executeTakeFirst(),
      db.selectFrom('user_settings').select(['target_pin', 'updated_at']).where('ada', '=', ada).executeTakeFirst(),
    ]);
    const { legsQ, explained } = history;
    const months = currentRow ? [...history.closed, toAchMonth(currentRow, month)] : history.closed;
    const pinCode = Math.max(d.pin_code, explained.pinCode);
    const pyClosed = closedMonths(py, today);
    const pyAll = new Set([...pyClosed, month]);
    const pyRows = months.filter((m) => pyAll.has(m.month));
    const rules = rulesOf(py);
    const counters = pinCountersOf(
      pinMonthsOf(
        pyRows.filter((m) => m.closed),
        legsQ,
      ),
      { rules: rulesOf },
    );
    const requirements = pinRequirements(counters, rules, pinCode);
    const pinMonth = explained.pinCode === pinCode && explained.month ? explained.month : d.pin_month;
    return {
      d,
      today,
      month,
      py,
      months,
      explained,
      pinCode,
      pinMonth,
      pyRows,
      pyClosed,
      counters,
      requirements,
      settings,
    };
  };

  r.post(
    '/bff/v1/achievement/overview',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achOverviewDataSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const s = await rankState(session.ada);
      const last12 = monthsEnding(s.month, 12);
      const rows = s.months.filter((m) => m.month >= last12[0]!);
      const by = new Map(rows.map((m) => [m.month, m]));
      const months = last12.map((m) => by.get(m) ?? fillMonths([], [m], s.month)[0]!);
      const nextPin = s.requirements.find((p) => p.above) ?? null;
      return ok({
        maskedAda: maskPrivacy(s.d.ada),
        fullName: nameOf(nameViewerOf(session), s.d),
        pinCode: s.pinCode,
        pinName: pinName(s.pinCode),
        pinMonth: s.pinMonth,
        py: s.py,
        month: s.month,
        current: by.get(s.month) ?? null,
        nextPin,
        targetPin: s.settings?.target_pin ?? null,
        remainingMonths: remainingMonths(s.py, s.today).length,
        months,
      });
    },
  );

  r.post(
    '/bff/v1/achievement/rank',
    {
      schema: { body: optionalBody, response: { 200: env(achRankDataSchema) } },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const s = await rankState(ada);
      return ok({
        pinCode: s.pinCode,
        pinName: pinName(s.pinCode),
        pinMonth: s.pinMonth,
        py: s.py,
        month: s.month,
        closedMonths: s.pyClosed.length,
        remainingMonths: remainingMonths(s.py, s.today).length,
        counters: s.counters,
        pyMonths: s.pyRows,
        history: s.explained.history.map((h) => ({
          pinCode: h.pinCode,
          name: h.name,
          month: h.month,
          py: h.evidence.py,
          rule: h.evidence.rule,
          spMonths: [...h.evidence.spMonths],
          qualifiedLegs: h.evidence.qualifiedLegs.length,
        })),
        pins: s.requirements,
        targetPin: s.settings?.target_pin ?? null,
        targetUpdatedAt: s.settings?.target_pin != null ? s.settings.updated_at : null,
      });
    },
  );

  const saveTarget = (mode: 'set' | 'adjust') => async (request: FastifyRequest<{ Body: { pinCode: number } }>) => {
    const ada = writer(request);
    const pin = request.body.pinCode;
    if (!(PIN_CODES as readonly number[]).includes(pin)) throw badRequest(`Unknown pin code ${pin}`);
    const d = await distributorOf(db, ada);
    const current = d.pin_code;
    if (pin <= current) {
      const n = pinName(current);
      throw badRequest(`The target pin must be above your current pin (${n.en} ${current})`);
    }
    const existing = await db.selectFrom('user_settings').select(['target_pin', 'updated_at']).where('ada', '=', ada).executeTakeFirst();
    if (mode === 'adjust' && existing?.target_pin == null) throw badRequest('No target pin is set yet; set a target first');
    if (existing?.target_pin === pin) {
      return ok({
        targetPin: pin,
        name: pinName(pin),
        updatedAt: existing.updated_at,
        changed: false,
      });
    }
    const now = new Date().toISOString();
    await db
      .insertInto('user_settings')
      .values({
        ada,
        target_pin: pin,
        shop_code: null,
        biennial_tag: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('ada').doUpdateSet({ target_pin: pin, updated_at: now }))
      .execute();
    return ok({
      targetPin: pin,
      name: pinName(pin),
      updatedAt: now,
      changed: true,
    });
  };

  r.post(
    '/bff/v1/achievement/settarget',
    {
      schema: {
        body: achTargetBodySchema,
        response: { 200: env(achTargetDataSchema) },
      },
    },
    saveTarget('set'),
  );
  r.post(
    '/bff/v1/achievement/adjusttarget',
    {
      schema: {
        body: achTargetBodySchema,
        response: { 200: env(achTargetDataSchema) },
      },
    },
    saveTarget('adjust'),
  );

  r.post(
    '/bff/v1/achievement/topup',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achTopupDataSchema) },
      },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const { today, month } = clock();
      await distributorOf(db, ada);
      const rules = rulesOf(pyOf(month));
      const row = await db
        .selectFrom('monthly_results')
        .select([...MONTH_COLUMNS])
        .where('ada', '=', ada)
        .where('month', '=', month)
        .executeTakeFirst();
      const m = row ? toAchMonth(row, month) : fillMonths([], [month], month)[0]!;
      const next = nextBracket(rules.brackets, m.pgpv);
      return ok({
        month,
        ppv: m.ppv,
        pgpv: m.pgpv,
        apv: m.apv,
        qLegs: m.qLegs,
        bracket: m.bracket,
        isSp: m.isSp,
        nextPercent: next.nextPercent,
        nextMinPv: next.nextMinPv,
        pvForNextBracket: next.pvNeeded,
        pvForSp: ppvNeededForSp(m.apv, m.qLegs, rules),
        daysLeft: daysLeftInMonth(today),
        brackets: rules.brackets.map((b) => ({
          minPv: b.minPv,
          percent: b.percent,
        })),
        sp: { ...rules.sp },
      });
    },
  );

  const shopView = async (ada: string) => {
    const row = await db
      .selectFrom('user_settings as u')
      .leftJoin('shops as s', 's.code', 'u.shop_code')
      .select(['u.updated_at', 's.code', 's.name_zh', 's.name_en', 's.city_zh', 's.city_en', 's.address', 's.phone'])
      .where('u.ada', '=', ada)
      .executeTakeFirst();
    return {
      shop: row?.code
        ? {
            code: row.code,
            name: row.name_zh ?? '',
            nameEn: row.name_en ?? '',
            city: row.city_zh ?? '',
            cityEn: row.city_en ?? '',
            address: row.address ?? '',
            phone: row.phone ?? '',
          }
        : null,
      updatedAt: row?.code ? row.updated_at : null,
    };
  };

  r.post(
    '/bff/v1/achievement/shop',
    {
      schema: { body: optionalBody, response: { 200: env(achShopDataSchema) } },
    },
    async (request) => ok(await shopView(sessionOf(request).ada)),
  );

  r.post(
    '/bff/v1/achievement/setshop',
    {
      schema: {
        body: achShopBodySchema,
        response: { 200: env(achShopDataSchema) },
      },
    },
    async (request) => {
      const ada = writer(request);
      const code = request.body.shopCode;
      const shop = await db.selectFrom('shops').select('code').where('code', '=', code).executeTakeFirst();
      if (!shop) throw badRequest(`Unknown shop ${code}; choose one from the shop list`);
      const existing = await db.selectFrom('user_settings').select('shop_code').where('ada', '=', ada).executeTakeFirst();
      if (existing?.shop_code !== code) {
        const now = new Date().toISOString();
        await db
          .insertInto('user_settings')
          .values({
            ada,
            target_pin: null,
            shop_code: code,
            biennial_tag: null,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('ada').doUpdateSet({ shop_code: code, updated_at: now }))
          .execute();
      }
      return ok(await shopView(ada));
    },
  );

  r.post(
    '/bff/v1/achievement/months',
    {
      schema: {
        body: achMonthsBodySchema.optional(),
        response: { 200: env(achMonthsDataSchema) },
      },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const { month, py } = clock();
      await distributorOf(db, ada);
      const list = monthsEnding(month, request.body?.count ?? 12);
      const rows = await loadMonths(db, ada, list[0]!, month);
      return ok({
        month,
        py,
        months: fillMonths(rows, list, month),
        sp: { ...rulesOf(py).sp },
      });
    },
  );

  const pickMonth = (requested: string | undefined, fallback: string, current: string) => {
    const available = monthsEnding(current, 12).reverse();
    const m = requested ?? fallback;
    if (!available.includes(m)) throw badRequest(`Month ${m} is outside the last 12 months`);
    return { m, available };
  };

  r.post(
    '/bff/v1/achievement/composition',
    {
      schema: {
        body: achMonthBodySchema.optional(),
        response: { 200: env(achCompositionDataSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month } = clock();
      const { m, available } = pickMonth(request.body?.month, month, month);
      await distributorOf(db, ada);
      const rules = rulesOf(pyOf(m));
      const qMin = rules.brackets[rules.brackets.length - 1]?.minPv ?? Infinity;
      const [own, legs] = await Promise.all([
        db
          .selectFrom('monthly_results')
          .select([...MONTH_COLUMNS])
          .where('ada', '=', ada)
          .where('month', '=', m)
          .executeTakeFirst(),
        db
          .selectFrom('distributors as l')
          .innerJoin('monthly_results as x', (j) => j.onRef('x.ada', '=', 'l.ada').on('x.month', '=', m))
          .select(['l.ada', 'l.sponsor_ada', 'l.name_zh', 'x.pgpv', 'x.gpv', 'x.bracket', 'x.is_q'])
          .where('l.sponsor_ada', '=', ada)
          .orderBy('x.pgpv', 'desc')
          .orderBy('l.ada')
          .execute(),
      ]);
      const all = legs.map((l) => {
        const isQ = l.is_q === 1 || Number(l.pgpv) >= qMin;
        return {
          maskedAda: maskPrivacy(l.ada),
          maskedName: nameOf(names, l),
          pgpv: Number(l.pgpv),
          gpv: Number(l.gpv),
          bracket: Number(l.bracket),
          isQ,
          counted: !isQ,
        };
      });
      const listed = all.slice(0, LISTED_LEGS);
      const rest = all.slice(LISTED_LEGS);
      const ppv = own ? Number(own.ppv) : 0;
      return ok({
        month: m,
        closed: m < month,
        availableMonths: available,
        ppv,
        apv: own ? Number(own.apv) : 0,
        gpv: own ? Number(own.gpv) : 0,
        legsCounted: all.filter((l) => l.counted).length,
        qLegsPv: all.filter((l) => l.isQ).reduce((s, l) => s + l.gpv, 0),
        legs: listed,
        otherLegs: {
          count: rest.length,
          pgpv: rest.filter((l) => l.counted).reduce((s, l) => s + l.pgpv, 0),
        },
      });
    },
  );

  r.post(
    '/bff/v1/achievement/overallmarket',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achOverallMarketDataSchema) },
      },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const { month } = clock();
      const d = await distributorOf(db, ada);
      const list = monthsEnding(month, 12);
      // The leader's own GPV already is the whole downline's volume: no scan of the tree.
      const [rows, front] = await Promise.all([
        loadMonths(db, ada, list[0]!, month),
        db
          .selectFrom('distributors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sponsor_ada', '=', ada)
          .executeTakeFirst(),
      ]);
      const months = fillMonths(rows, list, month).map((x) => ({
        month: x.month,
        closed: x.closed,
        gpv: x.gpv,
        apv: x.apv,
        ppv: x.ppv,
        qLegsPv: Math.max(0, x.gpv - x.pgpv),
        qLegs: x.qLegs,
      }));
      return ok({
        month,
        downlineCount: Math.max(0, d.tree_size - 1),
        frontlineCount: Number(front?.n ?? 0),
        months,
      });
    },
  );

  r.post(
    '/bff/v1/achievement/oversea',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achOverseaDataSchema) },
      },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const { month } = clock();
      const d = await distributorOf(db, ada);
      const list = monthsEnding(month, 12);
      const lo = d.tree_pos;
      const hi = d.tree_pos + d.tree_size;
      const [markets, byMonth] = await cache.get(`oversea:${ada}:${month}`, false, () =>
        Promise.all([
          db
            .selectFrom('distributors')
            .select(['market', (eb) => eb.fn.countAll<number>().as('n')])
            .where('tree_pos', '>', lo)
            .where('tree_pos', '<', hi)
            .where('market', '<>', 'CN')
            .groupBy('market')
            .execute(),
          db
            .selectFrom('distributors as x')
            .innerJoin('monthly_results as m', 'm.ada', 'x.ada')
            .select(['m.month', 'x.market', (eb) => eb.fn.sum<number>('m.ppv').as('pv'), (eb) => eb.fn.countAll<number>().as('n')])
            .where('x.tree_pos', '>', lo)
            .where('x.tree_pos', '<', hi)
            .where('x.market', '<>', 'CN')
            .where('m.month', '>=', list[0]!)
            .where('m.month', '<=', month)
            .where('m.ppv', '>', 0)
            .groupBy(['m.month', 'x.market'])
            .execute(),
        ]),
      );
      const pvByMarket = new Map<string, number>();
      const perMonth = new Map<string, { pv: number; active: number }>();
      for (const row of byMonth) {
        pvByMarket.set(row.market, (pvByMarket.get(row.market) ?? 0) + Number(row.pv));
        const cur = perMonth.get(row.month) ?? { pv: 0, active: 0 };
        cur.pv += Number(row.pv);
        cur.active += Number(row.n);
        perMonth.set(row.month, cur);
      }
      const mk = markets
        .map((x) => ({
          market: x.market,
          distributors: Number(x.n),
          pv: pvByMarket.get(x.market) ?? 0,
        }))
        .sort((a, b) => b.pv - a.pv || a.market.localeCompare(b.market));
      const months = list.map((m) => ({
        month: m,
        closed: m < month,
        pv: perMonth.get(m)?.pv ?? 0,
        active: perMonth.get(m)?.active ?? 0,
      }));
      return ok({
        month,
        markets: mk,
        months,
        totalPv: months.reduce((s, x) => s + x.pv, 0),
        downlineCount: Math.max(0, d.tree_size - 1),
        overseaCount: mk.reduce((s, x) => s + x.distributors, 0),
      });
    },
  );

  r.post(
    '/bff/v1/achievement/outstanding',
    {
      schema: {
        body: achOutstandingBodySchema.optional(),
        response: { 200: env(achOutstandingDataSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month } = clock();
      const by = request.body?.by ?? 'ppv';
      const { m, available } = pickMonth(request.body?.month, addMonths(month, -1), month);
      const d = await distributorOf(db, ada);
      const rows = await cache.get(`top:${ada}:${m}:${by}`, m < month, () =>
        db
          .selectFrom('distributors as x')
          .innerJoin('monthly_results as r', (j) => j.onRef('r.ada', '=', 'x.ada').on('r.month', '=', m))
          .select([
            'x.ada',
            'x.sponsor_ada',
            'x.name_zh',
            'x.depth',
            'x.pin_code',
            'r.ppv',
            'r.apv',
            'r.bracket',
            'r.is_q',
            'r.new_customers',
          ])
          .where('x.tree_pos', '>', d.tree_pos)
          .where('x.tree_pos', '<', d.tree_pos + d.tree_size)
          .where(by === 'ppv' ? 'r.ppv' : 'r.apv', '>', 0)
          .orderBy(by === 'ppv' ? 'r.ppv' : 'r.apv', 'desc')
          .orderBy('x.ada')
          .limit(20)
          .execute(),
      );
      const ownDepth = d.depth;
      return ok({
        month: m,
        closed: m < month,
        by,
        availableMonths: available,
        downlineCount: Math.max(0, d.tree_size - 1),
        performers: rows.map((x, i) => ({
          rank: i + 1,
          maskedAda: maskPrivacy(x.ada),
          maskedName: nameOf(names, x),
          depth: Number(x.depth) - Number(ownDepth),
          pinCode: Number(x.pin_code),
          pinName: pinName(Number(x.pin_code)),
          ppv: Number(x.ppv),
          apv: Number(x.apv),
          bracket: Number(x.bracket),
          isQ: x.is_q === 1,
          newCustomers: Number(x.new_customers),
        })),
      });
    },
  );

  r.post(
    '/bff/v1/achievement/marketingstars',
    {
      schema: {
        body: achMonthBodySchema.optional(),
        response: { 200: env(achGloryDataSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month } = clock();
      const { m, available } = pickMonth(request.body?.month, addMonths(month, -1), month);
      const { condition } = marketingStarRule(pyOf(m));
      // Every qualifier of the month, best first (one scan of the month, cached as rows: the
      // names are shown per viewer below, so the company-wide list is masked for everyone).
      const all = await cache.get(`stars:${m}`, m < month, () =>
        db
          .selectFrom('monthly_results as r')
          .innerJoin('distributors as x', 'x.ada', 'r.ada')
          .select(['x.ada', 'x.sponsor_ada', 'x.name_zh', 'r.ppv', 'r.new_customers'])
          .where('r.month', '=', m)
          .where('r.ppv', '>=', condition.ppv)
          .where('r.new_customers', '>=', condition.newCustomers)
          .orderBy('r.ppv', 'desc')
          .orderBy('r.new_customers', 'desc')
          .orderBy('x.ada')
          .execute(),
      );
      const top = all.slice(0, 50);
      const idx = all.findIndex((x) => x.ada === ada);
      const meQualified = idx >= 0;
      const meRank = meQualified ? idx + 1 : null;
      return ok({
        month: m,
        availableMonths: available,
        condition,
        total: all.length,
        stars: top.map((x, i) => ({
          rank: i + 1,
          maskedAda: maskPrivacy(x.ada),
          maskedName: nameOf(names, x),
          ppv: Number(x.ppv),
          newCustomers: Number(x.new_customers),
          isMe: x.ada === ada,
        })),
        me: { qualified: meQualified, rank: meRank },
      });
    },
  );

  r.post(
    '/bff/v1/achievement/marketingstardetail',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achStarDetailDataSchema) },
      },
    },
    async (request) => {
      const { ada } = sessionOf(request);
      const { today, month, py } = clock();
      await distributorOf(db, ada);
      const plan = marketingStarRule(py);
      const list = [...closedMonths(py, today), month];
      const rows = await loadMonths(db, ada, list[0]!, month);
      const months = fillMonths(rows, list, month).map((x) => ({
        month: x.month,
        closed: x.closed,
        ppv: x.ppv,
        newCustomers: x.newCustomers,
        star: monthMeets(x, plan.starMonth),
      }));
      const closed = months.filter((x) => x.closed);
      return ok({
        py,
        condition: plan.condition,
        annual: {
          code: plan.code,
          name: plan.name,
          starMonthsRequired: plan.starMonths,
          customersRequired: plan.customers,
        },
        starMonths: closed.filter((x) => x.star).length,
        customers: closed.reduce((s, x) => s + x.newCustomers, 0),
        remainingMonths: remainingMonths(py, today).length,
        months,
      });
    },
  );

  const listInvitations = async (ada: string) => {
    const rows = await db
      .selectFrom('invitations')
      .selectAll()
      .where('ada', '=', ada)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(100)
      .execute();
    return rows.map(toInvitation);
  };

  r.post(
    '/bff/v1/achievement/invitations',
    {
      schema: {
        body: optionalBody,
        response: { 200: env(achInvitationsDataSchema) },
      },
    },
    async (request) => ok({ invitations: await listInvitations(sessionOf(request).ada) }),
  );

  r.post(
    '/bff/v1/achievement/invitations/create',
    {
      schema: {
        body: achInvitationCreateBodySchema,
        response: { 200: env(achInvitationDataSchema) },
      },
    },
    async (request) => {
      const ada = writer(request);
      await distributorOf(db, ada);
      const { inviteeName, note } = request.body;
      // The same invitee and note while one is still active: hand back that one (no duplicates on a retry).
      const same = await db
        .selectFrom('invitations')
        .selectAll()
        .where('ada', '=', ada)
        .where('invitee_name', '=', inviteeName)
        .where('note', '=', note)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (same) return ok({ invitation: toInvitation(same) });
      const active = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ada', '=', ada)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(active?.n ?? 0) >= MAX_ACTIVE_INVITATIONS) {
        throw badRequest(`At most ${MAX_ACTIVE_INVITATIONS} active invitations; revoke one first`);
      }
      const row: InvitationsTable = {
        id: randomBytes(12).toString('base64url'),
        ada,
        invitee_name: inviteeName,
        note,
        created_at: new Date().toISOString(),
        revoked_at: null,
      };
      await db.insertInto('invitations').values(row).execute();
      return ok({ invitation: toInvitation(row) });
    },
  );

  r.post(
    '/bff/v1/achievement/invitations/revoke',
    {
      schema: {
        body: achInvitationRevokeBodySchema,
        response: { 200: env(achInvitationDataSchema) },
      },
    },
    async (request) => {
      const ada = writer(request);
      const row = await db
        .selectFrom('invitations')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('ada', '=', ada)
        .executeTakeFirst();
      if (!row) throw notFound('Invitation not found');
      if (row.revoked_at) return ok({ invitation: toInvitation(row) });
      const now = new Date().toISOString();
      await db.updateTable('invitations').set({ revoked_at: now }).where('id', '=', row.id).where('revoked_at', 'is', null).execute();
      const revoked = await db
        .selectFrom('invitations')
        .select('id')
        .where('ada', '=', ada)
        .where('revoked_at', 'is not', null)
        .orderBy('revoked_at', 'desc')
        .orderBy('id')
        .execute();
      const dropped = revoked.slice(MAX_KEPT_REVOKED_INVITATIONS).map((r) => r.id);
      if (dropped.length) await db.deleteFrom('invitations').where('id', 'in', dropped).execute();
      return ok({ invitation: toInvitation({ ...row, revoked_at: now }) });
    },
  );

  r.post(
    '/bff/v1/achievement/estimate',
    {
      schema: {
        body: achEstimateBodySchema.optional(),
        response: { 200: env(achEstimateDataSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { ada } = session;
      const names = nameViewerOf(session);
      const { month } = clock();
      await distributorOf(db, ada);
      const [own, legRows, depth] = await cache.get(`estimate:${ada}:${month}`, false, () =>
        Promise.all([
          db.selectFrom('monthly_results').select(['ppv']).where('ada', '=', ada).where('month', '=', month).executeTakeFirst(),
          db
            .selectFrom('distributors as l')
            .innerJoin('monthly_results as x', (j) => j.onRef('x.ada', '=', 'l.ada').on('x.month', '=', month))
            .select(['l.ada', 'l.sponsor_ada', 'l.name_zh', 'x.pgpv'])
            .where('l.sponsor_ada', '=', ada)
            .where('x.pgpv', '>', 0)
            .orderBy('x.pgpv', 'desc')
            .orderBy('l.ada')
            .execute(),
          // Σ PGPV of each leg's own frontline Q legs (the Pearl base of the statement).
          db
            .selectFrom('distributors as l')
            .innerJoin('distributors as g', 'g.sponsor_ada', 'l.ada')
            .innerJoin('monthly_results as x', (j) => j.onRef('x.ada', '=', 'g.ada').on('x.month', '=', month))
            .select(['l.ada', (eb) => eb.fn.sum<number>('x.pgpv').as('pv')])
            .where('l.sponsor_ada', '=', ada)
            .where('x.is_q', '=', 1)
            .groupBy('l.ada')
            .execute(),
        ]),
      );
      const depthBy = new Map(depth.map((x) => [x.ada, Number(x.pv)]));
      const legs = legRows.map((l, i) => ({
        id: `L${i + 1}`,
        maskedAda: maskPrivacy(l.ada),
        maskedName: nameOf(names, l),
        pgpv: Number(l.pgpv),
        qLegsPgpv: depthBy.get(l.ada) ?? 0,
      }));
      const extraLegPv = request.body?.extraLegPv ?? {};
      for (const id of Object.keys(extraLegPv)) {
        if (!legs.some((l) => l.id === id)) throw badRequest(`Unknown leg ${id}`);
      }
      const ppv = own ? Number(own.ppv) : 0;
      const input: LegVolume[] = legs.map((l) => ({
        id: l.id,
        pgpv: l.pgpv,
        qLegsPgpv: l.qLegsPgpv,
      }));
      const est = estimateMonth({
        month,
        ppv,
        legs: input,
        extraPpv: request.body?.extraPpv ?? 0,
        extraLegPv,
        rules: rulesOf(pyOf(month)),
      });
      return ok({
        month,
        ppv,
        legs,
        before: sideOf(est.before),
        after: sideOf(est.after),
        legsBecomingQ: est.legsBecomingQ,
        ppvNeededForSp: est.ppvNeededForSp,
      });
    },
  );
}
