import { maskPrivacy } from '@abo/contract';
import { pyMonths } from '@abo/plan';
import type { DB } from '../../db/index.ts';
import { AnswerCache } from '../../db/answer-cache.ts';
import { maskedNames, nameFor, showsInFull, type NameViewer } from '../../lib/name-policy.ts';
import { qMonthsBetween, snapshotRows } from './market-queries.ts';

/**
 * An in-memory column store of the whole sponsorship tree for one performance
 * year, in tree (pre-order) order, so a member's downline is one contiguous
 * slice. Market member tracking filters and pages over it in well under a
 * millisecond even for a downline of 100 000; sorted orders are built once per
 * snapshot and walked to fill a page. It is built when the server gets ready
 * (see market-routes.ts) and rebuilt when the data changes (kept by the answer
 * cache, db/answer-cache.ts: per data version).
 */
export interface MarketSnapshot {
  py: string;
  /** The month whose volumes are held: the open month of the current PY, else the PY's last month. */
  month: string;
  /** Months of the PY that have started (up to `month`). */
  months: string[];
  n: number;
  ada: string[];
  nameZh: string[];
  nameEn: string[];
  /** Each member's sponsor: whose frontline they are, which decides who sees their name in full. */
  sponsorAda: (string | null)[];
  /** Lower-cased full names for search (only by a viewer who sees them in full). */
  searchZh: string[];
  searchEn: string[];
  joinDate: string[];
  pos: Float64Array;
  /** Member numbers (distributors.member_no): what refs name (lib/member-ref.ts). */
  no: Float64Array;
  size: Int32Array;
  depth: Int32Array;
  pin: Int32Array;
  ppv: Float64Array;
  gpv: Float64Array;
  pgpv: Float64Array;
  bracket: Int32Array;
  isQ: Uint8Array;
  /** Bit i = Q in the PY's i-th month. */
  qMask: Int32Array;
  qCount: Int32Array;
  indexOfAda: Map<string, number>;
  sorted: Map<string, Int32Array>;
  /** Masked names and ADA per member, filled on first use (the same for every viewer). */
  masked: (MaskedMember | undefined)[];
  /** Deepest depth below each member asked about (index → depth). */
  maxDepthBelow: Map<number, number>;
  builtAt: number;
  signature: string;
}

/** A member as someone who does not know them sees them: names by maskName, ADA by maskPrivacy (docs/contract.md §5). */
export interface MaskedMember {
  nameZh: string;
  nameEn: string;
  ada: string;
  /** The masked names lower-cased, for search. */
  searchZh: string;
  searchEn: string;
}

/** Snapshots kept per database: the current PY's and a few past PYs' (each PY with the month it shows). */
const snapshots = new AnswerCache<MarketSnapshot>(8);

/** A snapshot of `n` members for `months` of `py` up to `month`: every column allocated, none filled. */
export function emptySnapshot(py: string, month: string, months: string[], n: number, signature: string): MarketSnapshot {
  return {
    py,
    month,
    months,
    n,
    ada: new Array<string>(n),
    nameZh: new Array<string>(n),
    nameEn: new Array<string>(n),
    sponsorAda: new Array<string | null>(n),
    searchZh: new Array<string>(n),
    searchEn: new Array<string>(n),
    joinDate: new Array<string>(n),
    pos: new Float64Array(n),
    no: new Float64Array(n),
    size: new Int32Array(n),
    depth: new Int32Array(n),
    pin: new Int32Array(n),
    ppv: new Float64Array(n),
    gpv: new Float64Array(n),
    pgpv: new Float64Array(n),
    bracket: new Int32Array(n),
    isQ: new Uint8Array(n),
    qMask: new Int32Array(n),
    qCount: new Int32Array(n),
    indexOfAda: new Map(),
    sorted: new Map(),
    masked: new Array(n),
    maxDepthBelow: new Map(),
    builtAt: Date.now(),
    signature,
  };
}

async function build(db: DB, py: string, month: string, signature: string): Promise<MarketSnapshot> {
  const months = pyMonths(py).filter((m) => m <= month);
  const rows = await snapshotRows(db, month);
  const n = rows.length;
  const s = emptySnapshot(py, month, months, n, signature);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    s.ada[i] = r.ada;
    s.nameZh[i] = r.name_zh;
    s.nameEn[i] = r.name_en;
    s.sponsorAda[i] = r.sponsor_ada;
    s.searchZh[i] = r.name_zh.toLowerCase();
    s.searchEn[i] = r.name_en.toLowerCase();
    s.joinDate[i] = r.join_date;
    s.pos[i] = r.tree_pos;
    s.no[i] = r.member_no;
    s.size[i] = r.tree_size;
    s.depth[i] = r.depth;
    s.pin[i] = r.pin;
    s.ppv[i] = r.ppv ?? 0;
    s.gpv[i] = r.gpv ?? 0;
    s.pgpv[i] = r.pgpv ?? 0;
    s.bracket[i] = r.bracket ?? 0;
    s.isQ[i] = r.is_q ? 1 : 0;
    s.indexOfAda.set(r.ada, i);
  }
  if (months.length > 0) {
    const qRows = await qMonthsBetween(db, months[0]!, months[months.length - 1]!);
    for (const q of qRows) {
      const i = s.indexOfAda.get(q.ada);
      const bit = months.indexOf(q.month);
      if (i === undefined || bit < 0) continue;
      if (!(s.qMask[i]! & (1 << bit))) {
        s.qMask[i]! |= 1 << bit;
        s.qCount[i]! += 1;
      }
    }
  }
  return s;
}

/** The snapshot of a PY whose volumes are those of `month`; rebuilt when the data changed. */
export function marketSnapshot(db: DB, py: string, month: string): Promise<MarketSnapshot> {
  return snapshots.get(db, `${py}|${month}`, (version) => build(db, py, month, version));
}

/** First index whose tree position is ≥ pos (positions ascend). */
function lowerBound(s: MarketSnapshot, pos: number): number {
  let lo = 0;
  let hi = s.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.pos[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [from, to) of a member's downline (the member excluded). */
export function downlineRange(s: MarketSnapshot, i: number): [number, number] {
  const start = s.pos[i]!;
  return [lowerBound(s, start + 1), lowerBound(s, start + s.size[i]!)];
}

/**
 * The orders a member list can be walked in (ascending; descending walks them backwards).
 * 'closeToQ' is "PV to Q" ascending with the members already Q last: those still short by
 * the smallest gap (the largest group PV) first, since a Q member has no gap to close.
 */
export type SortKey = 'pgpv' | 'gpv' | 'ppv' | 'qMonths' | 'pin' | 'level' | 'joinDate' | 'closeToQ';

function keyOf(s: MarketSnapshot, key: Exclude<SortKey, 'closeToQ'>): ArrayLike<number> | string[] {
  switch (key) {
    case 'pgpv':
      return s.pgpv;
    case 'gpv':
      return s.gpv;
    case 'ppv':
      return s.ppv;
    case 'qMonths':
      return s.qCount;
    case 'pin':
      return s.pin;
    case 'level':
      return s.depth;
    case 'joinDate':
      return s.joinDate;
  }
}

/** Compare two members by a key ascending, ties by tree position (stable, deterministic). */
export function comparator(s: MarketSnapshot, key: SortKey): (a: number, b: number) => number {
  if (key === 'closeToQ') {
    const { isQ, gpv } = s;
    return (a, b) => isQ[a]! - isQ[b]! || gpv[b]! - gpv[a]! || a - b;
  }
  const v = keyOf(s, key);
  if (Array.isArray(v)) {
    const strs = v;
    return (a, b) => (strs[a]! < strs[b]! ? -1 : strs[a]! > strs[b]! ? 1 : a - b);
  }
  const nums = v as ArrayLike<number>;
  return (a, b) => nums[a]! - nums[b]! || a - b;
}

/** All members sorted ascending by a key (built once per snapshot). */
export function sortedOrder(s: MarketSnapshot, key: SortKey): Int32Array {
  let order = s.sorted.get(key);
  if (!order) {
    const idx = Array.from({ length: s.n }, (_, i) => i);
    idx.sort(comparator(s, key));
    order = Int32Array.from(idx);
    s.sorted.set(key, order);
  }
  return order;
}

/** The masked forms of a member's names and ADA (computed once per snapshot). */
export function maskedOf(s: MarketSnapshot, k: number): MaskedMember {
  let m = s.masked[k];
  if (!m) {
    const names = maskedNames({ nameZh: s.nameZh[k]!, nameEn: s.nameEn[k]! });
    m = { ...names, ada: maskPrivacy(s.ada[k]), searchZh: names.nameZh.toLowerCase(), searchEn: names.nameEn.toLowerCase() };
    s.masked[k] = m;
  }
  return m;
}

/** A member's names as this viewer may see them (name-policy.ts) and the masked ADA. */
export function shownOf(s: MarketSnapshot, k: number, viewer: NameViewer): { nameZh: string; nameEn: string; maskedAda: string } {
  const m = maskedOf(s, k);
  const names = nameFor(
    viewer,
    { ada: s.ada[k]!, sponsorAda: s.sponsorAda[k] ?? null, nameZh: s.nameZh[k]!, nameEn: s.nameEn[k]! },
    () => m,
  );
  return { nameZh: names.nameZh, nameEn: names.nameEn, maskedAda: m.ada };
}

/**
 * True when the member's name, as this viewer sees it, starts with `term` (lower-cased): a
 * masked name matches only on its visible beginning, never on a hidden character.
 */
export function shownNameStartsWith(s: MarketSnapshot, k: number, viewer: NameViewer, term: string): boolean {
  if (showsInFull(viewer, { ada: s.ada[k]!, sponsorAda: s.sponsorAda[k] ?? null })) {
    return s.searchZh[k]!.startsWith(term) || s.searchEn[k]!.startsWith(term);
  }
  const m = maskedOf(s, k);
  return m.searchZh.startsWith(term) || m.searchEn.startsWith(term);
}
