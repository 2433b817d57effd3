// A month record for the engine's tests, its volume fields consistent with each other: Q from
// the personal-group PV, the bracket from it, SP from it and the Q legs.
import type { MonthRecord } from './types.ts';

/** `q`: a Q month (10 000 PGPV) unless `pgpv` says otherwise; `qLegIds`: the Q frontline legs. */
export function monthRecord(month: string, o: Partial<MonthRecord> & { q?: boolean; qLegIds?: string[] } = {}): MonthRecord {
  const pgpv = o.pgpv ?? (o.q ? 10_000 : 3_000);
  const legs = (o.qLegIds ?? []).map((id) => ({ id, isQ: true }));
  return {
    month,
    ppv: o.ppv ?? 1_000,
    gpv: pgpv,
    pgpv,
    bracket: pgpv >= 10_000 ? 21 : 15,
    isQ: pgpv >= 10_000,
    apv: o.apv ?? pgpv,
    qLegs: legs.length,
    isSp: o.isSp ?? (pgpv >= 10_000 || legs.length >= 2 || (legs.length === 1 && pgpv >= 4_000)),
    legs,
    compliant: o.compliant ?? true,
    newCustomers: o.newCustomers ?? 0,
    points: o.points ?? 0,
    attended: o.attended ?? [],
  };
}
