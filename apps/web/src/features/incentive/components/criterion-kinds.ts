import { subpagesOf, type SubpageId } from '../plan-routes.ts';

// What the web app knows per criterion kind, kept in this one module.

/** Kinds whose figures are pin codes (shown as pin names, never as a progress bar or a gap in PV). */
export const PIN_KINDS: ReadonlySet<string> = new Set(['pinAtLeast', 'newPin']);

/** The plain-language terms (help.<term>) a plan using the kind should explain. */
export const TERM_OF_KIND: Readonly<Record<string, readonly string[]>> = {
  pqMonths: ['pq', 'q'],
  flqMonths: ['flq'],
  apv: ['apv'],
  lddMarkets: ['ldd'],
  complianceMonths: ['compliance'],
  spMonths: ['sp'],
  pinAtLeast: ['pin'],
  newPin: ['pin'],
  score: ['points', 'pq', 'flq'],
  points: ['points'],
};

/** The subpages that explain a kind, by preference: the first one the plan route has wins. */
const SUBPAGES_OF_KIND: Readonly<Record<string, readonly SubpageId[]>> = {
  pqMonths: ['pqdetails', 'pqflqdetails'],
  flqMonths: ['flqdetails', 'pqflqdetails'],
  apv: ['apvdetails'],
  pinAtLeast: ['pincodedetails'],
  newPin: ['pincodedetails'],
  attendance: ['attendancereqs'],
  lddMarkets: ['lddmarketdetails'],
  score: ['components'],
};

/** Where a criterion's detail lives on a plan route (null: the trace drawer). */
export function subpageForKind(planRoute: string, kind: string): SubpageId | null {
  const have = subpagesOf(planRoute);
  return SUBPAGES_OF_KIND[kind]?.find((s) => have.includes(s)) ?? null;
}
