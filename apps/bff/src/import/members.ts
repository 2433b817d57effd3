// Writing distributors.csv: the whole tree laid out, and the file's members staged as new
// or as updates of existing ones.
import { PIN } from '@abo/plan';
import { DISTRIBUTOR_COLUMNS as DISTRIBUTORS_TABLE_COLUMNS } from '../db/distributors.ts';
import type { ImportConn, SqlValue } from './conn.ts';
import { D, parsePinHeld } from './fields.ts';
import { layoutTree } from './tree.ts';

/** Defaults of the optional distributor columns for a new member. */
const NEW_MEMBER = { market: 'CN', userType: 'ABO' } as const;

export interface ExistingMember {
  ada: string;
  sponsor_ada: string | null;
  join_date: string;
  tree_pos: number;
  tree_size: number;
  depth: number;
  pin_held: number | null;
}

/** A valid row of distributors.csv. */
export interface MemberRow {
  readonly line: number;
  readonly values: readonly (string | undefined)[];
}

/** Columns of distributors written for a new member, in the staging table's names. */
export const MEMBER_COLUMNS = DISTRIBUTORS_TABLE_COLUMNS;

/** File column → distributors column, for the fields an import may change on an existing member. */
const UPDATABLE: readonly [number, string][] = [
  [D.name, 'name_zh'],
  [D.nameEn, 'name_en'],
  [D.phone, 'phone'],
  [D.nationalId, 'national_id'],
  [D.bankCard, 'bank_card'],
  [D.bankName, 'bank_name'],
  [D.shopCode, 'shop_code'],
  [D.userType, 'user_type'],
];

/**
 * Names and contact fields of existing members, where they differ. An optional column the file
 * does not have leaves that field alone; one it has (even empty) is the new value.
 */
/** Stages the members of the database the file gives to another person: another name, or another national ID when the file has that column. */
export function reheldSql(present: readonly boolean[]): string {
  const differs = ['d.name_zh <> s.name_zh', ...(present[D.nationalId] ? ['d.national_id <> s.national_id'] : [])].join(' or ');
  return `insert into import_reheld (ada) select d.ada from distributors d join import_distributors s on s.ada = d.ada where ${differs}`;
}

export function updateMembersSql(present: readonly boolean[]): string {
  const cols = UPDATABLE.filter(([k]) => present[k]).map(([, c]) => c);
  const set = cols.map((c) => `${c} = s.${c}`).join(', ');
  return `update distributors set ${set} from import_distributors s where ${updatedWhere(cols)}`;
}

/** How many members updateMembersSql would update (an import's check: import.ts, checkOnly). */
export function countUpdatesSql(present: readonly boolean[]): string {
  const cols = UPDATABLE.filter(([k]) => present[k]).map(([, c]) => c);
  return `select count(*) from distributors, import_distributors s where ${updatedWhere(cols)}`;
}

function updatedWhere(cols: readonly string[]): string {
  const differs = cols.map((c) => `distributors.${c} is distinct from s.${c}`).join(' or ');
  return `distributors.ada = s.ada and s.is_new = 0 and (${differs})`;
}

/**
 * Lays out the whole tree (the database's members, then the file's new ones) and stages the
 * file's rows and every existing member whose tree columns move. Siblings keep their order:
 * existing members by their old position, new ones after them by join day and ADA.
 */
export async function stageMembers(
  conn: ImportConn,
  rows: readonly MemberRow[],
  existing: readonly ExistingMember[],
  inDb: ReadonlyMap<string, number>,
  replace: boolean,
): Promise<void> {
  const base = replace ? [] : existing;
  const n0 = base.length;
  const fresh = rows.filter((m) => replace || !inDb.has(m.values[D.ada]!));
  const n = n0 + fresh.length;
  const ada: string[] = new Array<string>(n);
  const join: string[] = new Array<string>(n);
  const index = new Map<string, number>();
  base.forEach((e, i) => {
    ada[i] = e.ada;
    join[i] = e.join_date;
    index.set(e.ada, i);
  });
  fresh.forEach((m, k) => {
    ada[n0 + k] = m.values[D.ada]!;
    join[n0 + k] = m.values[D.joinedOn]!;
    index.set(m.values[D.ada]!, n0 + k);
  });
  const sponsor = new Int32Array(n);
  base.forEach((e, i) => (sponsor[i] = e.sponsor_ada === null ? -1 : (index.get(e.sponsor_ada) ?? -1)));
  fresh.forEach((m, k) => {
    const s = m.values[D.sponsor]!;
    sponsor[n0 + k] = s === '' ? -1 : index.get(s)!;
  });
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const pa = a < n0 ? base[a]!.tree_pos : Infinity;
    const pb = b < n0 ? base[b]!.tree_pos : Infinity;
    if (pa !== pb) return pa - pb;
    return join[a]! < join[b]! ? -1 : join[a]! > join[b]! ? 1 : ada[a]! < ada[b]! ? -1 : ada[a]! > ada[b]! ? 1 : 0;
  });
  const layout = layoutTree(sponsor, order);

  const tree = conn.inserter('import_tree', ['ada', 'tree_pos', 'tree_size', 'depth']);
  for (let i = 0; i < n0; i++) {
    const e = base[i]!;
    const [p, s, d] = [layout.pos[i]!, layout.size[i]!, layout.depth[i]!];
    if (p !== e.tree_pos || s !== e.tree_size || d !== e.depth) await tree.add([e.ada, p, s, d]);
  }
  await tree.flush();

  const staged = conn.inserter('import_distributors', [...MEMBER_COLUMNS, 'is_new']);
  const row: SqlValue[] = new Array<SqlValue>(MEMBER_COLUMNS.length + 1);
  const text = (v: string | undefined) => v ?? '';
  for (const m of rows) {
    const v = m.values;
    const i = index.get(v[D.ada]!);
    const isNew = i !== undefined && i >= n0;
    row[0] = v[D.ada]!;
    row[1] = v[D.name]!;
    row[2] = text(v[D.nameEn]);
    row[3] = text(v[D.phone]);
    row[4] = text(v[D.nationalId]);
    row[5] = text(v[D.bankCard]);
    row[6] = text(v[D.bankName]);
    row[7] = v[D.sponsor]! === '' ? null : v[D.sponsor]!;
    row[8] = v[D.joinedOn]!;
    row[9] = v[D.userType] || NEW_MEMBER.userType;
    row[10] = NEW_MEMBER.market;
    row[11] = v[D.shopCode] || null;
    row[12] = isNew ? layout.pos[i]! : 0;
    row[13] = isNew ? layout.size[i]! : 0;
    row[14] = isNew ? layout.depth[i]! : 0;
    // The close sets pins; a new member holds the pin held before the history (else Member) until then.
    const held = parsePinHeld(v[D.pinHeld] ?? '') ?? null;
    row[15] = held ?? PIN.MEMBER;
    row[16] = null;
    row[17] = null;
    row[18] = held;
    row[19] = isNew ? 1 : 0;
    const p = staged.add(row);
    if (p) await p;
  }
  await staged.flush();
}
