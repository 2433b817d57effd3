// Reads of the sponsorship tree shared by every area: one distributor (or the spec's not-found
// envelope), a member's place in a leader's downline, a frontline.
import type { DB } from './index.ts';
import type { DistributorsTable } from './schema.ts';
import { notFound } from '../lib/app-error.ts';
import { inChunks } from './in-chunks.ts';
import { memberNoOfRef } from '../lib/member-ref.ts';

export type DistributorColumn = keyof DistributorsTable;

/** Every column of a distributor, in the order the bulk writers (seed, import) give their values. */
export const DISTRIBUTOR_COLUMNS = [
  'ada',
  'name_zh',
  'name_en',
  'phone',
  'national_id',
  'bank_card',
  'bank_name',
  'sponsor_ada',
  'join_date',
  'user_type',
  'market',
  'shop_code',
  'tree_pos',
  'tree_size',
  'depth',
  'pin_code',
  'pin_month',
  'head_image',
  'pin_held',
] as const satisfies readonly DistributorColumn[];

/** Who a distributor is and where they sit in the tree: what most pages need. */
export const PERSON_COLUMNS = [
  'ada',
  'sponsor_ada',
  'name_zh',
  'name_en',
  'join_date',
  'pin_code',
  'pin_month',
  'pin_held',
  'tree_pos',
  'tree_size',
  'depth',
  'member_no',
] as const satisfies readonly DistributorColumn[];

export type PersonColumn = (typeof PERSON_COLUMNS)[number];
export type Person = Pick<DistributorsTable, PersonColumn>;

/** One distributor's columns (PERSON_COLUMNS unless named), or undefined. */
export async function findDistributor<C extends DistributorColumn = PersonColumn>(
  db: DB,
  ada: string,
  columns: readonly C[] = PERSON_COLUMNS as readonly DistributorColumn[] as readonly C[],
): Promise<Pick<DistributorsTable, C> | undefined> {
  const row = await db.selectFrom('distributors').select(columns).where('ada', '=', ada).executeTakeFirst();
  return row as Pick<DistributorsTable, C> | undefined;
}

/** One distributor, or the not-found envelope (the NOT_FOUND code of docs/contract.md §8). */
export async function distributorOr404<C extends DistributorColumn = PersonColumn>(
  db: DB,
  ada: string,
  columns?: readonly C[],
): Promise<Pick<DistributorsTable, C>> {
  const d = await findDistributor<C>(db, ada, columns);
  if (!d) throw notFound('Distributor not found');
  return d;
}

/** The distributor a member reference names (lib/member-ref.ts), or undefined. */
export async function distributorOfRef(db: DB, ref: string): Promise<{ ada: string } | undefined> {
  return db.selectFrom('distributors').select('ada').where('member_no', '=', memberNoOfRef(ref)).executeTakeFirst();
}

/** True when `member` sits below `leader` in the sponsorship tree (pre-order: inside the leader's range). */
export async function isInDownline(db: DB, leader: string, member: string): Promise<boolean> {
  const rows = await db.selectFrom('distributors').select(['ada', 'tree_pos', 'tree_size']).where('ada', 'in', [leader, member]).execute();
  const l = rows.find((r) => r.ada === leader);
  const m = rows.find((r) => r.ada === member);
  return !!l && !!m && l.ada !== m.ada && m.tree_pos > l.tree_pos && m.tree_pos < l.tree_pos + l.tree_size;
}

/** The people a distributor sponsored, in tree order. */
export async function frontlineOf(db: DB, sponsorAda: string): Promise<Person[]> {
  return db.selectFrom('distributors').select(PERSON_COLUMNS).where('sponsor_ada', '=', sponsorAda).orderBy('tree_pos').execute();
}

/** The named distributors (any number of ADAs, read in chunks), in no particular order. */
export async function distributorsByAda<C extends DistributorColumn>(
  db: DB,
  adas: readonly string[],
  columns: readonly C[],
): Promise<Pick<DistributorsTable, C>[]> {
  const rows = await inChunks(adas, (chunk) => db.selectFrom('distributors').select(columns).where('ada', 'in', chunk).execute());
  return rows as unknown as Pick<DistributorsTable, C>[];
}
