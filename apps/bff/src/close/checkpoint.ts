// The engine's state after the last closed month (packages/plan ClosedState), kept between closes
// (table close_checkpoint, migration 0011; meta `close_checkpoint`): an hourly close resumes the
// engine at the month after the last closed one instead of re-running every month since the first
// order. Keyed by ADA, so a tree that grew (new members join only in open months: the import
// refuses anything else without --replace) resumes too; a row whose member is gone or whose tree
// facts moved makes the close start from the first month again.
import { createClosedState, PIN, type ClosedState, type MonthKey, type PyName } from '@abo/plan';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ImportConn } from '../import/conn.ts';
import type { Members } from './figures.ts';
import type { FigureWriter } from './write.ts';

export const CHECKPOINT_KEY = 'close_checkpoint';

/** What the rows share (meta `close_checkpoint`). */
interface CheckpointMeta {
  /** The last closed month the state is after. */
  readonly month: MonthKey;
  /** The PY of the annual tally, and of the pins' PY counters. */
  readonly py: PyName | null;
  readonly pinsPy: PyName | null;
  /** The pins' last month folded (a month index). */
  readonly lastMonth: number;
}

const COLUMNS = [
  'ada',
  'sponsor_ada',
  'join_date',
  'pin_held',
  'pin_code',
  'pin_month',
  'qualified',
  'sp_months',
  'sp_run',
  'max_sp_run',
  'side_volume_months',
  'q_months',
  'qualified_legs',
  'founders_legs',
  'best_pgpv',
  'units',
  'q_group_pgbv_fen',
  'debit_fen',
  'debit_since',
] as const;

type Row = {
  [K in (typeof COLUMNS)[number]]: K extends 'ada' | 'join_date' ? string : K extends 'sponsor_ada' ? string | null : number | null;
};

/** Rows read per query: memory stays bounded at any size. */
const PAGE = 20_000;

function parseMeta(text: string | undefined): CheckpointMeta | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<CheckpointMeta>;
    if (typeof v.month !== 'string' || typeof v.lastMonth !== 'number') return null;
    return { month: v.month, py: v.py ?? null, pinsPy: v.pinsPy ?? null, lastMonth: v.lastMonth };
  } catch {
    return null;
  }
}

/** Why the close starts from the first month (for the summary), or the state it resumes from. */
export type CheckpointRead = { readonly state: ClosedState } | { readonly state: null; readonly why: string };

/**
 * The state after `month` for the tree `members` (their order), or why there is none that fits:
 * none kept, kept after another month, or a member's tree facts no longer those it was computed on.
 */
export async function readCheckpoint(conn: ImportConn, members: Members, month: MonthKey): Promise<CheckpointRead> {
  const [metaRow] = await conn.all<{ value: string }>(`select value from meta where key = ?`, [CHECKPOINT_KEY]);
  const meta = parseMeta(metaRow?.value);
  if (!meta) return { state: null, why: 'no saved state' };
  if (meta.month !== month) return { state: null, why: `the saved state is after ${meta.month}, not ${month}` };
  const { n, index, sponsor } = members;
  // Members not in the checkpoint joined after it: they start as the engine starts anyone.
  const state = createClosedState(n, members.pinHeld);
  const { pins, tally, carry } = state;
  pins.py = meta.pinsPy;
  pins.lastMonth = meta.lastMonth;
  let after = '';
  for (;;) {
    const rows = await conn.all<Row>(`select ${COLUMNS.join(', ')} from close_checkpoint where ada > ? order by ada limit ${PAGE}`, [
      after,
    ]);
    for (const r of rows) {
      const i = index.get(r.ada);
      if (i === undefined) return { state: null, why: `${r.ada} is no longer in the tree` };
      const s = sponsor[i]!;
      const sponsorAda = s >= 0 ? members.ada[s]! : null;
      const heldThen = r.pin_held === null ? PIN.MEMBER : Number(r.pin_held);
      if (r.sponsor_ada !== sponsorAda || r.join_date !== members.joinDate[i] || heldThen !== members.pinHeld[i]) {
        return { state: null, why: `${r.ada}'s sponsor, join date or pin held is not what the saved state was computed on` };
      }
      pins.pin[i] = Number(r.pin_code);
      pins.pinMonth[i] = Number(r.pin_month);
      pins.qualified[i] = Number(r.qualified);
      pins.spMonths[i] = Number(r.sp_months);
      pins.spRun[i] = Number(r.sp_run);
      pins.maxSpRun[i] = Number(r.max_sp_run);
      pins.sideVolumeMonths[i] = Number(r.side_volume_months);
      pins.qMonths[i] = Number(r.q_months);
      pins.qualifiedLegs[i] = Number(r.qualified_legs);
      pins.foundersLegs[i] = Number(r.founders_legs);
      pins.bestPgpv[i] = Number(r.best_pgpv);
      tally.units[i] = Number(r.units);
      tally.qGroupPgbvFen[i] = Number(r.q_group_pgbv_fen);
      carry.debitFen[i] = Number(r.debit_fen);
      carry.debitSince[i] = Number(r.debit_since);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.ada;
  }
  return { state: { ...state, month: meta.month, py: meta.py } };
}

/**
 * Replaces the kept state by `state`'s: deletes the rows kept and records its month (with no
 * month closed yet, keeps nothing). Runs in the close's transaction, before the rows
 * (writeCheckpointRows) go in.
 */
export async function resetCheckpoint(k: Kysely<Database>, conn: ImportConn, state: ClosedState): Promise<void> {
  await conn.run(`delete from close_checkpoint`);
  await k.deleteFrom('meta').where('key', '=', CHECKPOINT_KEY).execute();
  if (state.month === null) return;
  const meta: CheckpointMeta = { month: state.month, py: state.py, pinsPy: state.pins.py, lastMonth: state.pins.lastMonth };
  await k
    .insertInto('meta')
    .values({ key: CHECKPOINT_KEY, value: JSON.stringify(meta) })
    .execute();
}

/** Writes `state` (after its month) for every member, in ADA order; nothing with no month closed yet. */
export async function writeCheckpointRows(w: FigureWriter, members: Members, state: ClosedState): Promise<number> {
  if (state.month === null) return 0;
  const ins = w.writer.inserter('close_checkpoint', COLUMNS);
  const { pins, tally, carry } = state;
  const row = new Array<string | number | null>(COLUMNS.length);
  await w.eachNode('close_checkpoint', (i) => {
    const s = members.sponsor[i]!;
    row[0] = members.ada[i]!;
    row[1] = s >= 0 ? members.ada[s]! : null;
    row[2] = members.joinDate[i]!;
    row[3] = members.pinHeld[i]!;
    row[4] = pins.pin[i]!;
    row[5] = pins.pinMonth[i]!;
    row[6] = pins.qualified[i]!;
    row[7] = pins.spMonths[i]!;
    row[8] = pins.spRun[i]!;
    row[9] = pins.maxSpRun[i]!;
    row[10] = pins.sideVolumeMonths[i]!;
    row[11] = pins.qMonths[i]!;
    row[12] = pins.qualifiedLegs[i]!;
    row[13] = pins.foundersLegs[i]!;
    row[14] = pins.bestPgpv[i]!;
    row[15] = tally.units[i]!;
    row[16] = tally.qGroupPgbvFen[i]!;
    row[17] = carry.debitFen[i]!;
    row[18] = carry.debitSince[i]!;
    ins.add(row);
  });
  return ins.rows;
}
