// Builds the evaluator's per-month record of one distributor from a closed month of the tree.
import type { MonthKey } from './calendar.ts';
import type { MonthClose } from './close.ts';
import type { LegMonth, MonthRecord } from './plans/types.ts';
import { frontline, type Children } from './tree.ts';

export interface RecordExtras {
  readonly compliant?: boolean;
  readonly newCustomers?: number;
  readonly points?: number;
  readonly attended?: readonly string[];
}

/**
 * One node's MonthRecord from the close arrays. `idOf` names a node (e.g. its ADA); legs are
 * listed only when Q (a leg that is not Q adds nothing to FLQ or LDD counts).
 */
export function monthRecordFromClose(
  month: MonthKey,
  i: number,
  personalPv: Int32Array,
  close: MonthClose,
  children: Children,
  idOf: (node: number) => string = String,
  extras: RecordExtras = {},
): MonthRecord {
  const legs: LegMonth[] = [];
  for (const c of frontline(children, i)) if (close.isQ[c]) legs.push({ id: idOf(c), isQ: true });
  return {
    month,
    ppv: personalPv[i]!,
    gpv: close.groupPv[i]!,
    pgpv: close.personalGroupPv[i]!,
    bracket: close.bracketPercent[i]!,
    isQ: close.isQ[i] === 1,
    apv: close.apv[i]!,
    qLegs: close.qLegCount[i]!,
    isSp: close.isSpMonth[i] === 1,
    legs,
    ...extras,
  };
}
