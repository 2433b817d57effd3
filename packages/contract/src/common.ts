import { z } from 'zod';
import { CHANNELS } from './channels.ts';

/**
 * Bodies and answers of the common calls of spec §7. The front end adds
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

/** Claims of the id token: the user profile of spec §3. */
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

export const dstInfoDataSchema = z.object({
  ada: z.string(),
  amway_id: z.string(),
  amway_user_type: z.string(),
  fullName: z.string(),
  pinCode: z.number().int(),
  pinName: z.string(),
  joinDate: z.string(),
  shopCode: z.string().nullable(),
});
export type DstInfo = z.infer<typeof dstInfoDataSchema>;

export const descriptionPageSchema = z.object({
  code: z.string(),
  title: z.string(),
  titleEn: z.string(),
  content: z.string(),
  contentEn: z.string(),
});
export type DescriptionPage = z.infer<typeof descriptionPageSchema>;

export const getConfigDataSchema = z.object({
  descriptionPageList: z.array(descriptionPageSchema),
});
export type GetConfigData = z.infer<typeof getConfigDataSchema>;
