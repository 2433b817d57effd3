// The answer of /bff/v1/achievement/soFarChange: the downline's orders up to a day closed as the
// month's close closes them (packages/plan closeMonth), each side's promotion fee from the plan
// (promotionFee, the statement's PROMOTION item), and the two compared as two statements are
// (explainStatementChange). Pure: no database, no request.
import type { SoFarChangeData } from '@abo/contract';
import {
  closedLegVolume,
  closeMonth,
  explainStatementChange,
  promotionFee,
  rulesForMonth,
  text,
  type ChangeLeg,
  type ChangeMonth,
  type RuleTable,
} from '@abo/plan';
import { legLabel, presentParts } from '../../income/statement-change-presenter.ts';
import type { LegPerson } from '../../income/income-queries.ts';
import type { NameViewer } from '../../lib/name-policy.ts';
import type { SubtreeNode } from './so-far-queries.ts';

/** One month cut at a day: the downline's orders up to it, by ADA. */
export interface SoFarSideInput {
  month: string;
  day: number;
  orders: ReadonlyMap<string, { pv: number; bvFen: number }>;
}

/**
 * The leader's own volume and its frontline legs from the downline's orders, each leg with what the
 * close works out for its whole group (its 21 % legs leave its personal group), as a closed month's
 * monthly results give them (income-queries.ts promotionInputs). Legs without volume are left out.
 */
function volumeOf(
  nodes: readonly SubtreeNode[],
  side: SoFarSideInput,
  rules: RuleTable,
  label: (ada: string) => ChangeLeg['label'],
): NonNullable<ChangeMonth['volume']> {
  const index = new Map(nodes.map((n, i) => [n.ada, i]));
  const sponsor = Int32Array.from(nodes, (n, i) => (i === 0 ? -1 : (index.get(n.sponsor_ada ?? '') ?? -1)));
  const pv = Int32Array.from(nodes, (n) => side.orders.get(n.ada)?.pv ?? 0);
  const bv = Float64Array.from(nodes, (n) => side.orders.get(n.ada)?.bvFen ?? 0);
  const c = closeMonth(sponsor, pv, rules, undefined, bv);
  const legs: ChangeLeg[] = [];
  for (let i = 1; i < nodes.length; i++) {
    if (sponsor[i] !== 0 || c.groupPv[i] === 0) continue;
    const ada = nodes[i]!.ada;
    legs.push({ ...closedLegVolume(c, i, ada), label: label(ada) });
  }
  return { ppv: pv[0] ?? 0, ppvBvFen: bv[0] ?? 0, legs };
}

/** A month cut at a day as a statement of one item, the promotion fee (no tax: see the note). */
function changeMonthOf(
  nodes: readonly SubtreeNode[],
  side: SoFarSideInput,
  label: (ada: string) => ChangeLeg['label'],
): { month: ChangeMonth; promotionFen: number } {
  const rules = rulesForMonth(side.month, { fallback: 'nearest' });
  const volume = volumeOf(nodes, side, rules, label);
  const promotionFen = promotionFee(volume.ppv, volume.legs, rules, volume.ppvBvFen).amountFen;
  return {
    promotionFen,
    month: {
      month: side.month,
      items: [{ code: 'PROMOTION', amountFen: promotionFen }],
      pretaxFen: promotionFen,
      taxFen: 0,
      volume,
      rules,
    },
  };
}

function noteOf(to: SoFarSideInput, from: SoFarSideInput) {
  return text(
    `按本月1日至${to.day}日与上月1日至${from.day}日的订单估算，仅为税前市场推广服务费，不含其他奖项和个税；本月尚未结算，数字会变。`,
    `An estimate from the orders of days 1–${to.day} of this month and days 1–${from.day} of last month: the market promotion service fee before tax only, without the other items or tax. The month is not closed yet, so the figures will change.`,
  );
}

/** Nothing to cut at a day: no order of the downline is kept for either month. */
export function noSoFarOrders(to: SoFarSideInput, from: SoFarSideInput): SoFarChangeData {
  return {
    estimate: true,
    hasOrders: false,
    to: { month: to.month, day: to.day, promotionFen: 0 },
    from: { month: from.month, day: from.day, promotionFen: 0 },
    fromVolume: null,
    toVolume: null,
    promotionChangeFen: 0,
    summary: null,
    parts: [],
    note: noteOf(to, from),
  };
}

/**
 * The open month so far (`to`) against last month up to the same day (`from`), the downline
 * `nodes` in tree order (the leader first), the legs named as `viewer` may see them. Each part
 * links where a statement comparison's does, on last month's statement: the open month has none.
 */
export function soFarChangeData(
  nodes: readonly SubtreeNode[],
  to: SoFarSideInput,
  from: SoFarSideInput,
  people: ReadonlyMap<string, LegPerson>,
  viewer: NameViewer,
): SoFarChangeData {
  const label = (ada: string) => legLabel(viewer, ada, people.get(ada));
  const a = changeMonthOf(nodes, from, label);
  const b = changeMonthOf(nodes, to, label);
  const c = explainStatementChange(a.month, b.month);
  return {
    estimate: true,
    hasOrders: true,
    to: { month: to.month, day: to.day, promotionFen: b.promotionFen },
    from: { month: from.month, day: from.day, promotionFen: a.promotionFen },
    fromVolume: c.fromVolume,
    toVolume: c.toVolume,
    promotionChangeFen: c.pretaxChangeFen,
    summary: c.summary,
    parts: presentParts(c.parts, from.month),
    note: noteOf(to, from),
  };
}
