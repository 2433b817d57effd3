// "Why is this month different from last?" Two statements compared, the difference in pre-tax and
// net pay split into causes that add up to it exactly, to the fen (README "What changed, and why").
//
// The promotion fee is own% × own BV + Σ legs below 21 % (own% − leg%) × leg PGBV, each line rounded
// on its own (income.ts). Its change is split in a fixed order, each step recomputed with that rule,
// so the steps add up to the change by construction:
//   1. the bracket: every line of the earlier month at the new own bracket, less the same at the old;
//   2. own orders: the own line at the new bracket, new BV less old BV;
//   3. each frontline leg: its line at the new bracket, new month less old (volume, own bracket,
//      reaching or leaving 21 %). With the own bracket fixed the lines are independent, so the order
//      of the legs does not matter.
// Every other item (leadership, Ruby, Pearl, annual bonuses, adjustments, claw-back debits) is one
// part, its amount's change, with the figures it moved on; tax is a part of net pay only.
import type { MonthKey } from './calendar.ts';
import { ownVolume, promotionFee, promotionLegLine, type LegLine, type LegVolume } from './income.ts';
import { ITEM_NAMES, type ItemCode } from './item-names.ts';
import { applyBp } from './money.ts';
import { rulesForMonth } from './rules/registry.ts';
import type { RuleTable } from './rules/types.ts';
import { text, type Text } from './text.ts';
import { changeSign, formatVolume, formatYuan, formatYuanChange, monthLabel } from '@abo/words';

/** A frontline leg of a compared month, with the name the sentences call it by. */
export interface ChangeLeg extends LegVolume {
  readonly label: Text;
}

/** A statement item as stored (the close's amounts). */
export interface ChangeItem {
  readonly code: string;
  readonly subCode?: string | null;
  readonly name?: Text;
  readonly amountFen: number;
  /** Leadership: what the legs passed up to this ABO and what it passed on (when stored). */
  readonly inFen?: number;
  readonly upFen?: number;
}

/** One month of the comparison: its statement and, once closed, what its promotion fee is computed from. */
export interface ChangeMonth {
  readonly month: MonthKey;
  readonly items: readonly ChangeItem[];
  readonly pretaxFen: number;
  readonly taxFen: number;
  /** Own PV and BV and the frontline legs (legs without volume may be left out); null if not closed. */
  readonly volume: { readonly ppv: number; readonly ppvBvFen: number; readonly legs: readonly ChangeLeg[] } | null;
  /** Defaults to the table of the month's PY (nearest when none). */
  readonly rules?: RuleTable;
}

export type ChangeKind =
  'bracket' | 'ownVolume' | 'leg' | 'promotion' | 'leadership' | 'ruby' | 'pearl' | 'annual' | 'adjustment' | 'debit' | 'tax';

export interface ChangePart {
  readonly kind: ChangeKind;
  /** The statement item it moves ('TAX' for tax). */
  readonly itemCode: string;
  /** A leg part's leg. */
  readonly legId: string | null;
  readonly text: Text;
  /** Change of pre-tax pay, fen (0 for tax). */
  readonly pretaxFen: number;
  /** Change of net pay, fen (pretaxFen; minus the tax change for tax). */
  readonly netFen: number;
}

export interface ChangeVolume {
  readonly ppv: number;
  readonly gpv: number;
  readonly bracketPercent: number;
}

export interface StatementChange {
  readonly pretaxChangeFen: number;
  readonly netChangeFen: number;
  readonly fromVolume: ChangeVolume | null;
  readonly toVolume: ChangeVolume | null;
  /** The largest cause in one sentence; null when nothing changed. */
  readonly summary: Text | null;
  /** Largest |netFen| first; Σ pretaxFen = pretaxChangeFen, Σ netFen = netChangeFen. */
  readonly parts: readonly ChangePart[];
}

const KIND_ORDER: readonly ChangeKind[] = [
  'bracket',
  'ownVolume',
  'leg',
  'promotion',
  'leadership',
  'ruby',
  'pearl',
  'annual',
  'adjustment',
  'debit',
  'tax',
];

// Signed changes as the pages and the PDF write them (@abo/words changeSign).
const signedYuan = formatYuanChange;
const signedPv = (pv: number): string => `${changeSign(pv)}${formatVolume(Math.abs(pv))}`;
const pv = formatVolume;

function rulesOf(m: ChangeMonth): RuleTable {
  return m.rules ?? rulesForMonth(m.month, { fallback: 'nearest' });
}

function itemKey(i: ChangeItem): string {
  return i.subCode ? `${i.code}/${i.subCode}` : i.code;
}

function kindOfItem(code: string): ChangeKind {
  switch (code) {
    case 'PROMOTION':
      return 'promotion';
    case 'LEADERSHIP':
      return 'leadership';
    case 'RUBY':
      return 'ruby';
    case 'PEARL':
      return 'pearl';
    case 'EMERALD_ANNUAL':
    case 'DIAMOND_ANNUAL':
      return 'annual';
    case 'DEBIT_BROUGHT_FORWARD':
    case 'DEBIT_CARRIED_FORWARD':
      return 'debit';
    default:
      return 'adjustment';
  }
}

function itemName(i: ChangeItem): Text {
  return i.name ?? (ITEM_NAMES as Partial<Record<string, Text>>)[i.code as ItemCode] ?? text(i.code, i.code);
}

function sumItems(items: readonly ChangeItem[], code: string): number {
  let s = 0;
  for (const i of items) if (i.code === code) s += i.amountFen;
  return s;
}

interface PromotionSide {
  readonly m: ChangeMonth & { volume: NonNullable<ChangeMonth['volume']> };
  readonly rules: RuleTable;
  readonly own: ReturnType<typeof ownVolume>;
}

/** The promotion fee of a side recomputed with the own bracket `p`: the own line and each leg's. */
function promotionAt(s: PromotionSide, p: number): { own: number; legs: Map<string, LegLine> } {
  const legs = new Map<string, LegLine>();
  for (const l of s.m.volume.legs) legs.set(l.id, promotionLegLine(l, p, s.rules));
  return { own: applyBp(s.m.volume.ppvBvFen, p * 100), legs };
}

function sideOf(m: ChangeMonth): PromotionSide | null {
  if (!m.volume) return null;
  const rules = rulesOf(m);
  const v = m.volume;
  // Split only what the statement paid: a stored fee the rule does not give back is one part.
  if (promotionFee(v.ppv, v.legs, rules, v.ppvBvFen).amountFen !== sumItems(m.items, 'PROMOTION')) return null;
  return { m: m as PromotionSide['m'], rules, own: ownVolume(v.ppv, v.legs, rules, v.ppvBvFen) };
}

/** The leg's line in each month at the new own bracket (undefined: no volume that month). */
function legText(label: Text, g0: number, g1: number, l0: LegLine | undefined, l1: LegLine | undefined): Text {
  const zh: string[] = [];
  const en: string[] = [];
  if (g0 !== g1) {
    zh.push(`小组PV ${pv(g0)}→${pv(g1)}`);
    en.push(`group PV ${pv(g0)} → ${pv(g1)}`);
  } else if ((l0?.bvFen ?? 0) !== (l1?.bvFen ?? 0)) {
    zh.push(`BV ${formatYuan(l0?.bvFen ?? 0)}→${formatYuan(l1?.bvFen ?? 0)}`);
    en.push(`BV ${formatYuan(l0?.bvFen ?? 0)} → ${formatYuan(l1?.bvFen ?? 0)}`);
  }
  const q0 = l0?.isQ ?? false;
  const q1 = l1?.isQ ?? false;
  if (!q0 && q1) {
    zh.push('达21%：改由领导奖计酬');
    en.push('reached 21 %: paid through leadership instead');
  } else if (q0 && !q1) {
    zh.push('跌出21%：重新计入个人小组');
    en.push('fell below 21 %: back in your personal group');
  } else if (!q1 && (l0?.legPercent ?? 0) !== (l1?.legPercent ?? 0)) {
    zh.push(`其档次${l0?.legPercent ?? 0}%→${l1?.legPercent ?? 0}%`);
    en.push(`its bracket ${l0?.legPercent ?? 0} % → ${l1?.legPercent ?? 0} %`);
  }
  return text(`${label.zh}一线：${zh.join('，')}`, `${label.en}’s leg: ${en.join(', ')}`);
}

function promotionParts(from: PromotionSide, to: PromotionSide): ChangePart[] {
  const parts: ChangePart[] = [];
  const p0 = from.own.bracketPercent;
  const p1 = to.own.bracketPercent;
  const at0 = promotionAt(from, p0);
  const at1From = promotionAt(from, p1);
  const at1To = promotionAt(to, p1);
  const part = (kind: ChangeKind, legId: string | null, t: Text, fen: number): void => {
    if (fen !== 0) parts.push({ kind, itemCode: 'PROMOTION', legId, text: t, pretaxFen: fen, netFen: fen });
  };

  let bracket = at1From.own - at0.own;
  for (const [id, l] of at1From.legs) bracket += l.amountFen - at0.legs.get(id)!.amountFen;
  part(
    'bracket',
    null,
    text(
      `本人档次${p0}%→${p1}%（小组PV ${pv(from.own.gpv)}→${pv(to.own.gpv)}）`,
      `Your bracket ${p0} % → ${p1} % (group PV ${pv(from.own.gpv)} → ${pv(to.own.gpv)})`,
    ),
    bracket,
  );

  const v0 = from.m.volume;
  const v1 = to.m.volume;
  part(
    'ownVolume',
    null,
    text(
      `个人订单PV ${pv(v0.ppv)}→${pv(v1.ppv)}（BV ${formatYuan(v0.ppvBvFen)}→${formatYuan(v1.ppvBvFen)}）`,
      `Your own orders: PV ${pv(v0.ppv)} → ${pv(v1.ppv)} (BV ${formatYuan(v0.ppvBvFen)} → ${formatYuan(v1.ppvBvFen)})`,
    ),
    at1To.own - at1From.own,
  );

  const fromLegs = new Map(v0.legs.map((l) => [l.id, l]));
  const toLegs = new Map(v1.legs.map((l) => [l.id, l]));
  const ids = [...new Set([...fromLegs.keys(), ...toLegs.keys()])].sort();
  for (const id of ids) {
    const l0 = at1From.legs.get(id);
    const l1 = at1To.legs.get(id);
    const label = (toLegs.get(id) ?? fromLegs.get(id))!.label;
    const t = legText(label, fromLegs.get(id)?.gpv ?? 0, toLegs.get(id)?.gpv ?? 0, l0, l1);
    part('leg', id, t, (l1?.amountFen ?? 0) - (l0?.amountFen ?? 0));
  }
  return parts;
}

function leadershipText(a: ChangeItem | undefined, b: ChangeItem | undefined): Text {
  const k0 = a?.amountFen ?? 0;
  const k1 = b?.amountFen ?? 0;
  const head = text(`领导奖保留${formatYuan(k0)}→${formatYuan(k1)}`, `Leadership kept ${formatYuan(k0)} → ${formatYuan(k1)}`);
  if (a?.inFen === undefined || b?.inFen === undefined) return head;
  return text(
    `${head.zh}（21%线上传${formatYuan(a.inFen)}→${formatYuan(b.inFen)}，本人上传${formatYuan(a.upFen ?? 0)}→${formatYuan(b.upFen ?? 0)}）`,
    `${head.en} (received from 21 % legs ${formatYuan(a.inFen)} → ${formatYuan(b.inFen)}, passed up ${formatYuan(a.upFen ?? 0)} → ${formatYuan(b.upFen ?? 0)})`,
  );
}

function itemText(code: string, a: ChangeItem | undefined, b: ChangeItem | undefined, from: ChangeMonth, to: ChangeMonth): Text {
  if (code === 'LEADERSHIP') return leadershipText(a, b);
  const name = itemName((b ?? a)!);
  const amounts = text(
    `${formatYuan(a?.amountFen ?? 0)}→${formatYuan(b?.amountFen ?? 0)}`,
    `${formatYuan(a?.amountFen ?? 0)} → ${formatYuan(b?.amountFen ?? 0)}`,
  );
  const vol = (m: ChangeMonth) => (m.volume ? ownVolume(m.volume.ppv, m.volume.legs, rulesOf(m), m.volume.ppvBvFen) : null);
  if (code === 'RUBY') {
    const v0 = vol(from);
    const v1 = vol(to);
    const min = rulesOf(to).ruby.minPgpv;
    if (v0 && v1)
      return text(
        `${name.zh}${amounts.zh}（个人小组PV ${pv(v0.pgpv)}→${pv(v1.pgpv)}，需≥${pv(min)}）`,
        `${name.en} ${amounts.en} (personal-group PV ${pv(v0.pgpv)} → ${pv(v1.pgpv)}, needs ≥ ${pv(min)})`,
      );
  }
  if (code === 'PEARL') {
    const v0 = vol(from);
    const v1 = vol(to);
    if (v0 && v1)
      return text(
        `${name.zh}${amounts.zh}（21%线${v0.qLegs}→${v1.qLegs}条）`,
        `${name.en} ${amounts.en} (21 % legs ${v0.qLegs} → ${v1.qLegs})`,
      );
  }
  if (code === 'EMERALD_ANNUAL' || code === 'DIAMOND_ANNUAL')
    return text(`${name.zh}${amounts.zh}（仅8月发放）`, `${name.en} ${amounts.en} (paid with August only)`);
  return text(`${name.zh}${amounts.zh}`, `${name.en} ${amounts.en}`);
}

function volumeOf(m: ChangeMonth): ChangeVolume | null {
  if (!m.volume) return null;
  const own = ownVolume(m.volume.ppv, m.volume.legs, rulesOf(m), m.volume.ppvBvFen);
  return { ppv: m.volume.ppv, gpv: own.gpv, bracketPercent: own.bracketPercent };
}

function summaryOf(
  parts: readonly ChangePart[],
  from: ChangeMonth,
  to: ChangeMonth,
  fv: ChangeVolume | null,
  tv: ChangeVolume | null,
): Text | null {
  if (parts.length === 0) return null;
  // Compare the items as wholes: the promotion fee's parts together are one cause here.
  const byItem = new Map<string, number>();
  for (const p of parts) byItem.set(p.itemCode, (byItem.get(p.itemCode) ?? 0) + p.netFen);
  let top = parts[0]!.itemCode;
  for (const [code, fen] of byItem) if (Math.abs(fen) > Math.abs(byItem.get(top)!)) top = code;
  const fen = byItem.get(top)!;
  if (top === 'PROMOTION' && fv && tv && fv.gpv !== tv.gpv) {
    const d = tv.gpv - fv.gpv;
    const legs = parts.filter((p) => p.kind === 'leg');
    const fromLegs = new Map(from.volume!.legs.map((l) => [l.id, l]));
    const toLegs = new Map(to.volume!.legs.map((l) => [l.id, l]));
    // The leg named is the one whose change moved the pay most (the first leg in the list below).
    let big: { label: Text; d: number; fen: number } | null = null;
    for (const p of legs) {
      const l = toLegs.get(p.legId!) ?? fromLegs.get(p.legId!)!;
      const ld = (toLegs.get(p.legId!)?.gpv ?? 0) - (fromLegs.get(p.legId!)?.gpv ?? 0);
      if (ld !== 0 && (!big || Math.abs(p.netFen) > Math.abs(big.fen))) big = { label: l.label, d: ld, fen: p.netFen };
    }
    const legZh = big ? `（${big.label.zh}一线${signedPv(big.d)}）` : '';
    const legEn = big ? ` (${big.label.en}’s leg ${signedPv(big.d)})` : '';
    const fee = ITEM_NAMES.PROMOTION;
    return text(
      `小组PV${d < 0 ? '减少' : '增加'}${pv(Math.abs(d))}${legZh}：${fee.zh}${signedYuan(fen)}`,
      `Your group PV ${d < 0 ? 'fell' : 'rose'} ${pv(Math.abs(d))} PV${legEn}: ${fee.en.toLowerCase()} ${signedYuan(fen)}`,
    );
  }
  const first = parts.find((p) => p.itemCode === top)!;
  return text(`${first.text.zh}：${signedYuan(fen)}`, `${first.text.en}: ${signedYuan(fen)}`);
}

/**
 * The change from statement `from` to statement `to`, split into its causes (header). Any two
 * months can be compared; a month not yet closed has no volume and its promotion fee is one part.
 */
export function explainStatementChange(from: ChangeMonth, to: ChangeMonth): StatementChange {
  const parts: ChangePart[] = [];
  const a = sideOf(from);
  const b = sideOf(to);
  const promo0 = sumItems(from.items, 'PROMOTION');
  const promo1 = sumItems(to.items, 'PROMOTION');
  if (a && b) parts.push(...promotionParts(a, b));
  else if (promo1 !== promo0)
    parts.push({
      kind: 'promotion',
      itemCode: 'PROMOTION',
      legId: null,
      text: text(
        `${ITEM_NAMES.PROMOTION.zh}${formatYuan(promo0)}→${formatYuan(promo1)}`,
        `${ITEM_NAMES.PROMOTION.en} ${formatYuan(promo0)} → ${formatYuan(promo1)}`,
      ),
      pretaxFen: promo1 - promo0,
      netFen: promo1 - promo0,
    });

  const byKey = (items: readonly ChangeItem[]) => {
    const m = new Map<string, ChangeItem>();
    for (const i of items) {
      if (i.code === 'PROMOTION') continue;
      const k = itemKey(i);
      const had = m.get(k);
      m.set(k, had ? { ...had, amountFen: had.amountFen + i.amountFen } : i);
    }
    return m;
  };
  const items0 = byKey(from.items);
  const items1 = byKey(to.items);
  for (const k of [...new Set([...items0.keys(), ...items1.keys()])]) {
    const i0 = items0.get(k);
    const i1 = items1.get(k);
    const d = (i1?.amountFen ?? 0) - (i0?.amountFen ?? 0);
    if (d === 0) continue;
    const code = (i1 ?? i0)!.code;
    parts.push({ kind: kindOfItem(code), itemCode: code, legId: null, text: itemText(code, i0, i1, from, to), pretaxFen: d, netFen: d });
  }

  // Stored totals that are not the sum of their items (never from the close) still reconcile.
  const pretaxChangeFen = to.pretaxFen - from.pretaxFen;
  let itemised = 0;
  for (const p of parts) itemised += p.pretaxFen;
  if (itemised !== pretaxChangeFen) {
    const d = pretaxChangeFen - itemised;
    parts.push({
      kind: 'adjustment',
      itemCode: 'OTHER',
      legId: null,
      text: text('未列入明细的差额', 'Not itemised on the statements'),
      pretaxFen: d,
      netFen: d,
    });
  }

  const dTax = to.taxFen - from.taxFen;
  if (dTax !== 0)
    parts.push({
      kind: 'tax',
      itemCode: 'TAX',
      legId: null,
      text: text(
        `代扣个税${formatYuan(from.taxFen)}→${formatYuan(to.taxFen)}`,
        `Tax withheld ${formatYuan(from.taxFen)} → ${formatYuan(to.taxFen)}`,
      ),
      pretaxFen: 0,
      netFen: -dTax,
    });

  parts.sort(
    (x, y) =>
      Math.abs(y.netFen) - Math.abs(x.netFen) ||
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      (x.legId ?? '').localeCompare(y.legId ?? ''),
  );
  const fromVolume = volumeOf(from);
  const toVolume = volumeOf(to);
  return {
    pretaxChangeFen,
    netChangeFen: pretaxChangeFen - dTax,
    fromVolume,
    toVolume,
    summary: summaryOf(parts, from, to, fromVolume, toVolume),
    parts,
  };
}

/** "compared with October" in both languages, for headings and the PDF. */
export function comparedWithText(month: MonthKey): Text {
  const y = month.slice(0, 4);
  const m = Number(month.slice(5, 7));
  return text(`与${monthLabel(y, m, true)}相比`, `Compared with ${monthLabel(y, m, false)}`);
}
