import { CRITERION_KINDS, type CriterionKind, type CriterionKindInfo } from '@abo/plan';
import { subpagesOf, type SubpageId } from '../plan-routes.ts';

// What the web app shows per criterion kind comes from the engine's one descriptor per kind
// (packages/plan/src/plans/kinds.ts). Answers carry the kind as a plain string, so an unknown
// kind (a newer BFF) gets nothing rather than an error.

function descriptorOf(kind: string): CriterionKindInfo | undefined {
  return Object.hasOwn(CRITERION_KINDS, kind) ? (CRITERION_KINDS[kind as CriterionKind] as CriterionKindInfo) : undefined;
}

/** Kinds whose figures are pin codes (shown as pin names, never as a progress bar or a gap in PV). */
export const PIN_KINDS: ReadonlySet<string> = new Set(
  Object.values(CRITERION_KINDS)
    .filter((d) => d.measure === 'pin')
    .map((d) => d.kind),
);

/** Kinds that count qualifying months: their gap reads "N of the remaining M months", never a rate per month. */
export const MONTH_KINDS: ReadonlySet<string> = new Set(
  Object.values(CRITERION_KINDS)
    .filter((d) => d.measure === 'months')
    .map((d) => d.kind),
);

/** The plain-language terms (help.<term>) a plan using the kind should explain. */
export function termsOfKind(kind: string): readonly string[] {
  return descriptorOf(kind)?.terms ?? [];
}

/**
 * Where a criterion's detail lives on a plan route (null: the trace drawer). The engine's
 * subpage names are a subset of the registry's (the return type checks it when compiling).
 */
export function subpageForKind(planRoute: string, kind: string): SubpageId | null {
  const have: readonly string[] = subpagesOf(planRoute);
  return descriptorOf(kind)?.subpages.find((s) => have.includes(s)) ?? null;
}
