// A frontline leg of a closed month as the statement reads it: what the close worked out for the
// leg's whole group (its own 21 % legs leave its personal group). The BFF's "so far" comparison
// closes a day-bounded month with it; the tests read random closes the same way.
import type { closeMonth } from './close.ts';
import type { LegVolume } from './income.ts';

/** Node `k`'s volumes in a close, as the leg `id` of its sponsor's statement. */
export function closedLegVolume(close: ReturnType<typeof closeMonth>, k: number, id: string): LegVolume {
  return {
    id,
    gpv: close.groupPv[k]!,
    pgpv: close.personalGroupPv[k]!,
    gbvFen: close.groupBvFen[k]!,
    pgbvFen: close.personalGroupBvFen[k]!,
    pearlPassPv: close.pearlPassPv[k]!,
    pearlPassBvFen: close.pearlPassBvFen[k]!,
  };
}
