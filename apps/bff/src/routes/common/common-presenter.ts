// The answers of the /bff/v1/common/* calls, shaped from what the queries loaded. Pure: no
// database, no request.
import type { AuditTrail, DstInfo, GetConfigData, Prompt, Shop, StaffLookupData } from '@abo/contract';
import { pinName } from '@abo/plan';
import type { DistributorsTable } from '../../db/schema.ts';
import type { AuditTrailRow, DescriptionPageRow, LookupRow, PromptRow, ShopRow } from './common-queries.ts';

/** The distributor columns dstInfo shows. */
export const DST_INFO_COLUMNS = ['ada', 'name_zh', 'user_type', 'pin_code', 'join_date', 'shop_code'] as const;

export function dstInfoData(d: Pick<DistributorsTable, (typeof DST_INFO_COLUMNS)[number]>): DstInfo {
  const pin = pinName(d.pin_code);
  return {
    ada: d.ada,
    amway_id: d.ada,
    amway_user_type: d.user_type,
    fullName: d.name_zh,
    pinCode: d.pin_code,
    pinName: pin.zh,
    pinNameEn: pin.en,
    joinDate: d.join_date,
    shopCode: d.shop_code,
  };
}

export function configData(pages: readonly DescriptionPageRow[]): GetConfigData {
  return {
    descriptionPageList: pages.map((d) => ({
      code: d.code,
      title: { zh: d.title_zh, en: d.title_en },
      content: { zh: d.content_zh, en: d.content_en },
    })),
  };
}

export function shopsData(shops: readonly ShopRow[]): { shops: Shop[] } {
  return {
    shops: shops.map((s) => ({
      code: s.code,
      name: { zh: s.name_zh, en: s.name_en },
      city: { zh: s.city_zh, en: s.city_en },
      address: s.address,
      phone: s.phone,
    })),
  };
}

/** Months with a statement (newest first) and the range they span. */
export function queryableMonthsData(months: string[]): { months: string[]; earliest: string | null; latest: string | null } {
  return { months, earliest: months.at(-1) ?? null, latest: months[0] ?? null };
}

export function promptsData(prompts: readonly PromptRow[]): { prompts: Prompt[] } {
  return {
    prompts: prompts.map((p) => ({
      id: p.id,
      businessType: p.business_type,
      type: p.type,
      year: p.year,
      month: p.month,
      title: { zh: p.title_zh, en: p.title_en },
      content: { zh: p.content_zh, en: p.content_en },
    })),
  };
}

export function auditTrailData(rows: readonly AuditTrailRow[]): AuditTrail {
  return { entries: rows.map((e) => ({ subjectAda: e.subject_ada, action: e.action, channel: e.channel, at: e.at })) };
}

/** A staff look-up's answer: `rows` holds one more than is shown when more people match. */
export function staffLookupData(rows: readonly LookupRow[], shown: number): StaffLookupData {
  return {
    matches: rows.slice(0, shown).map((d) => ({
      ada: d.ada,
      nameZh: d.name_zh,
      nameEn: d.name_en,
      pinCode: d.pin_code,
      pinName: pinName(d.pin_code),
      joinDate: d.join_date,
    })),
    truncated: rows.length > shown,
  };
}
