import { maskPrivacy } from '@abo/contract';
import type { DB } from '../db/index.ts';

/** Id-token claims of docs/contract.md §3 that describe the person (time claims are added when signing). */
export interface ProfileClaims {
  ada: string;
  amway_id: string;
  amway_user_type: string;
  customerId: string;
  employee_code: number;
  fullName: string;
  loginName: string;
  personal_id: string;
  phoneNumber: string;
}

/**
 * Builds the profile from the distributor record. The national id and phone
 * are masked here: full values never leave the BFF, tokens included.
 */
export async function loadProfile(db: DB, ada: string): Promise<ProfileClaims | null> {
  const d = await db
    .selectFrom('distributors')
    .select(['ada', 'name_zh', 'user_type', 'national_id', 'phone'])
    .where('ada', '=', ada)
    .executeTakeFirst();
  if (!d) return null;
  return {
    ada: d.ada,
    amway_id: d.ada,
    amway_user_type: d.user_type,
    customerId: `C${d.ada}`,
    employee_code: 0,
    fullName: d.name_zh,
    loginName: d.ada,
    personal_id: maskPrivacy(d.national_id),
    phoneNumber: maskPrivacy(d.phone),
  };
}
