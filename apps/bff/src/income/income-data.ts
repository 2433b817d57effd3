// Reading the stored statements: `statements.items` is the plan engine's item list as JSON.
// Parsing is tolerant of the short field names (base, rate, amount) as well as the engine's
// (baseBvFen, rateBp, amountFen), so a seed written either way reads the same.
import type { LocalText } from '@abo/contract';
import { ITEM_NAMES, type ItemCode } from '@abo/plan';

export interface ParsedLeg {
  legId: string | null;
  name: string | null;
  pv: number;
  bvFen: number;
  legPercent: number;
  isQ: boolean;
  differentialPercent: number;
  amountFen: number;
}

export interface ParsedItem {
  code: string;
  subCode: string | null;
  name: LocalText;
  baseBvFen: number;
  rateBp: number;
  amountFen: number;
  note: LocalText | null;
  legs: ParsedLeg[];
  /** Leadership passed up to this ABO and by it (written by the close); null when not stored. */
  passedUp: { inFen: number; upFen: number } | null;
  /** Annual bonuses: the fund and the units sharing it (written by the close); null when not stored. */
  share: { fundFen: number; units: number; totalUnits: number } | null;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (...vs: unknown[]): number => {
  for (const v of vs) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return 0;
};
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A stored text as `{ zh, en }`: a language left out reads as the other one; none at all gives the fallback. */
function localTextOf(v: unknown, fallback: LocalText | null): LocalText | null {
  if (typeof v === 'string' && v !== '') return { zh: v, en: fallback?.en ?? v };
  const zh = isObj(v) ? str(v['zh']) : null;
  const en = isObj(v) ? str(v['en']) : null;
  if (zh === null && en === null) return fallback;
  return { zh: zh ?? en!, en: en ?? zh! };
}

function parseLeg(v: unknown): ParsedLeg | null {
  if (!isObj(v)) return null;
  const name = v['name'];
  return {
    legId: str(v['legId']) ?? str(v['id']) ?? str(v['ada']),
    name: typeof name === 'string' ? name : isObj(name) ? str(name['zh']) : null,
    pv: num(v['pv'], v['pgpv']),
    bvFen: num(v['bvFen'], v['bv']),
    legPercent: num(v['legPercent']),
    isQ: v['isQ'] === true || v['isQ'] === 1,
    differentialPercent: num(v['differentialPercent'], v['rate']),
    amountFen: Math.round(num(v['amountFen'], v['amount'])),
  };
}

/** The items of one stored statement; an unreadable value gives no items rather than a fault. */
export function parseItems(json: string): ParsedItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(raw) ? raw : isObj(raw) && Array.isArray(raw['items']) ? raw['items'] : [];
  const items: ParsedItem[] = [];
  for (const v of list as unknown[]) {
    if (!isObj(v)) continue;
    const code = str(v['code']) ?? 'ADJUSTMENT';
    const known = (ITEM_NAMES as Record<string, { zh: string; en: string } | undefined>)[code as ItemCode] ?? null;
    const name = localTextOf(v['name'], known) ?? { zh: code, en: code };
    const note = localTextOf(v['note'], null);
    const legs = Array.isArray(v['legs']) ? (v['legs'] as unknown[]).map(parseLeg).filter((l): l is ParsedLeg => l !== null) : [];
    items.push({
      code,
      subCode: str(v['subCode']),
      name,
      baseBvFen: Math.round(num(v['baseBvFen'], v['base'], v['baseFen'])),
      rateBp: Math.round(num(v['rateBp'], v['rate'])),
      amountFen: Math.round(num(v['amountFen'], v['amount'])),
      note,
      legs,
      passedUp:
        v['inFen'] !== undefined && v['upFen'] !== undefined
          ? { inFen: Math.round(num(v['inFen'])), upFen: Math.round(num(v['upFen'])) }
          : null,
      share:
        v['fundFen'] !== undefined && v['units'] !== undefined && v['totalUnits'] !== undefined
          ? { fundFen: Math.round(num(v['fundFen'])), units: Math.round(num(v['units'])), totalUnits: Math.round(num(v['totalUnits'])) }
          : null,
    });
  }
  return items;
}

/** Groups of 4 separated by spaces (docs/contract.md §5), applied to an already masked value. */
export function groupBy4(value: string): string {
  const chars = Array.from(value.replace(/\s+/gu, ''));
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(''));
  return groups.join(' ');
}

export interface Totals {
  pretaxFen: number;
  taxFen: number;
  netFen: number;
}

export function sumTotals(rows: readonly Totals[]): Totals {
  const t = { pretaxFen: 0, taxFen: 0, netFen: 0 };
  for (const r of rows) {
    t.pretaxFen += r.pretaxFen;
    t.taxFen += r.taxFen;
    t.netFen += r.netFen;
  }
  return t;
}
