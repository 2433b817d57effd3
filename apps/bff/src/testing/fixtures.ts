import type { DB } from '../db/index.ts';
import { hashPassword } from '../idp/passwords.ts';
import type { DistributorsTable } from '../db/schema.ts';

export const TEST_PASSWORD = 'demo1234';
let cachedHash: string | undefined;

/**
 * A member's number for a test member: their tree position, as the first import numbers them,
 * unless another member has it already (tests that leave the position at 0): then the next free.
 */
async function freeMemberNo(db: DB, treePos: number): Promise<number> {
  const taken = await db.selectFrom('distributors').select('ada').where('member_no', '=', treePos).executeTakeFirst();
  if (!taken) return treePos;
  const last = await db
    .selectFrom('distributors')
    .select((eb) => eb.fn.max('member_no').as('n'))
    .executeTakeFirst();
  return Number(last?.n ?? 0) + 1;
}

/** Inserts a distributor with a sign-in (password demo1234); fields default to a plausible member. */
export async function insertDistributor(db: DB, ada: string, over: Partial<DistributorsTable> = {}): Promise<void> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  await db
    .insertInto('distributors')
    .values({
      ada,
      name_zh: '测试会员',
      name_en: 'Test Member',
      phone: '13800138000',
      national_id: '11010519491231002X',
      bank_card: '6222020200112233445',
      bank_name: '工商银行',
      sponsor_ada: null,
      join_date: '2020-01-15',
      user_type: 'ABO',
      market: 'CN',
      shop_code: null,
      tree_pos: 0,
      tree_size: 1,
      depth: 0,
      pin_code: 330,
      pin_month: '2025-02',
      head_image: null,
      ...over,
      member_no: over.member_no ?? (await freeMemberNo(db, over.tree_pos ?? 0)),
    })
    .execute();
  // As an import does: answers kept for the tree before are derived again (db/data-version.ts).
  await markDataReplaced(db);
  await db
    .insertInto('credentials')
    .values({ username: ada, ada, kind: 'distributor', display_name: over.name_zh ?? '测试会员', password_hash: cachedHash })
    .execute();
}

export async function insertStaff(db: DB, username: string, role: 'service' | 'operator' = 'service'): Promise<void> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  await db
    .insertInto('credentials')
    .values({ username, ada: username, kind: 'staff', display_name: 'Staff One', password_hash: cachedHash, role })
    .execute();
}

/** Records that the dataset was replaced, as the seed / close does (meta seeded_at): answers kept per data version are then derived again. */
export async function markDataReplaced(db: DB): Promise<void> {
  // Unique even for two calls within one millisecond.
  const at = `${new Date().toISOString()}-${Math.random()}`;
  await db
    .insertInto('meta')
    .values({ key: 'seeded_at', value: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
    .execute();
}
