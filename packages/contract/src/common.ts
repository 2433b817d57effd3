import { z } from 'zod';
import { CHANNELS } from './channels.ts';
import { monthSchema } from './months.ts';
import { localTextSchema } from './text.ts';

/**
 * Bodies and answers of the common calls of docs/contract.md §7. The front end adds
 * `channel` (and `loginada` off iinquiry) to every body; unknown fields are
 * dropped by zod's default object parsing.
 */
export const channelSchema = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(CHANNELS));

export const adaSchema = z.string().regex(/^\d{4,12}$/, 'ada must be 4–12 digits');

export const baseBodySchema = z.object({
  channel: channelSchema.optional(),
  loginada: adaSchema.optional(),
});
export type BaseBody = z.infer<typeof baseBodySchema>;

export const idaasTokenBodySchema = baseBodySchema.extend({
  sessionToken: z.string().min(16).max(512),
});
export const idaasTokenDataSchema = z.object({
  accessToken: z.string(),
  idToken: z.string(),
});
export type IdaasTokenData = z.infer<typeof idaasTokenDataSchema>;

/** Claims of the id token: the user profile of docs/contract.md §3. */
export const userProfileSchema = z.object({
  ada: z.string(),
  amway_id: z.string(),
  amway_user_type: z.string(),
  customerId: z.string(),
  employee_code: z.number(),
  exp: z.number(),
  expireTime: z.string(),
  fullName: z.string(),
  iat: z.number(),
  jti: z.string(),
  loginName: z.string(),
  nbf: z.number(),
  personal_id: z.string(),
  phoneNumber: z.string(),
  scope: z.string(),
  sub: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** The user info of docs/contract.md §3, cached in session storage as UserInfo; its flat pinName/pinNameEn stay as they are. */
export const dstInfoDataSchema = z.object({
  ada: z.string(),
  amway_id: z.string(),
  amway_user_type: z.string(),
  fullName: z.string(),
  pinCode: z.number().int(),
  pinName: z.string(),
  pinNameEn: z.string(),
  joinDate: z.string(),
  shopCode: z.string().nullable(),
});
export type DstInfo = z.infer<typeof dstInfoDataSchema>;

/**
 * An entry of getConfig's descriptionPageList, also kept in session storage under that key: docs/contract.md §3
 * fixes only the list and each entry's `code` ("code and more"), so the texts are `{ zh, en }` objects.
 */
export const descriptionPageSchema = z.object({
  code: z.string(),
  title: localTextSchema,
  content: localTextSchema,
});
export type DescriptionPage = z.infer<typeof descriptionPageSchema>;

export const getConfigDataSchema = z.object({
  descriptionPageList: z.array(descriptionPageSchema),
});
export type GetConfigData = z.infer<typeof getConfigDataSchema>;

export const idCardVerificationBodySchema = baseBodySchema.extend({
  data: z.string().trim().min(1, 'national id number is required').max(32),
});
export const idCardVerificationDataSchema = z.object({
  /** The number is well-formed (GB 11643 checksum). */
  valid: z.boolean(),
  /** It matches the signed-in distributor's record. */
  matches: z.boolean(),
});

export const shopSchema = z.object({
  code: z.string(),
  name: localTextSchema,
  city: localTextSchema,
  address: z.string(),
  phone: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopsDataSchema = z.object({ shops: z.array(shopSchema) });

export const queryableMonthsDataSchema = z.object({
  /** Months ('YYYY-MM', newest first) whose statements may be queried. */
  months: z.array(z.string()),
  earliest: z.string().nullable(),
  latest: z.string().nullable(),
});

export const weChatInfoBodySchema = baseBodySchema.extend({ ada: adaSchema });
export const weChatInfoDataSchema = z.object({ headImage: z.string().nullable() });

export const businessTypeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/, 'invalid businessType');

export const guideNovicesBodySchema = baseBodySchema.extend({ businessType: businessTypeSchema.default('home') });
/** guideNovices and guideNovices/add take the channel as a query parameter too (docs/contract.md §7). */
export const guideNovicesQuerySchema = z.object({ channel: z.string().max(20).optional() });
export const guideNovicesDataSchema = z.object({ businessType: z.string(), show: z.boolean() });

export const yearSchema = z.string().regex(/^\d{2}\/\d{2}$|^\d{4}$/, 'year must look like 26/27 or 2026');

export const promptsBodySchema = baseBodySchema.extend({
  businessType: businessTypeSchema,
  checkScopes: z.array(z.string().max(40)).max(20).optional(),
  year: yearSchema.optional(),
  terminalType: z.string().max(20).optional(),
});
export const promptSchema = z.object({
  id: z.number(),
  businessType: z.string(),
  type: z.string(),
  year: z.string(),
  month: z.string(),
  title: localTextSchema,
  content: localTextSchema,
});
export type Prompt = z.infer<typeof promptSchema>;
export const promptsDataSchema = z.object({ prompts: z.array(promptSchema) });

export const promptsCloseBodySchema = baseBodySchema.extend({
  businessType: businessTypeSchema,
  month: monthSchema,
  type: z.string().trim().min(1).max(40),
  year: yearSchema,
  terminalType: z.string().max(20).optional(),
});
export const doneDataSchema = z.object({ done: z.literal(true) });

/** A staff member's own queryAda look-ups (iinquiry), newest first. */
export const auditTrailDataSchema = z.object({
  entries: z.array(z.object({ subjectAda: z.string(), action: z.string(), channel: z.string(), at: z.string() })),
});
export type AuditTrail = z.infer<typeof auditTrailDataSchema>;

/**
 * Staff (iinquiry) on a call: find the caller by their whole ADA or their whole name (Chinese,
 * or English in any case). Whole values only, so the look-up confirms who a caller says they are
 * and never lists the company by a name's first character.
 */
export const staffLookupBodySchema = baseBodySchema.extend({
  q: z.string().trim().min(2, 'enter a whole ADA or name').max(40),
});
export const staffLookupMatchSchema = z.object({
  /** The whole ADA: staff read every distributor (every look-up and read is audited). */
  ada: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  pinCode: z.number().int(),
  pinName: localTextSchema,
  joinDate: z.string(),
});
export type StaffLookupMatch = z.infer<typeof staffLookupMatchSchema>;
export const staffLookupDataSchema = z.object({
  matches: z.array(staffLookupMatchSchema),
  /** More people share the name than `matches` lists: ask the caller for their ADA. */
  truncated: z.boolean(),
});
export type StaffLookupData = z.infer<typeof staffLookupDataSchema>;
