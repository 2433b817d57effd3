// Who a document is about and who issues it.
import { maskPrivacy, type DocumentLang } from '@abo/contract';
import type { Config } from '../config.ts';
import { nameFor, type NameViewer } from '../lib/name-policy.ts';

/** The distributor a document is about, as this viewer may see them. */
export interface Owner {
  name: string;
  ada: string;
}

/**
 * The distributor's name through the names policy (lib/name-policy.ts: their own documents, and
 * staff looking them up, show it in full) and their ADA: in full on their own record — to anyone
 * else it is an identifier, masked as docs/contract.md §5 masks one. The English document adds the Chinese
 * name, the one the bank and the tax office know.
 */
export function ownerOf(
  viewer: NameViewer,
  person: { ada: string; sponsor_ada: string | null; name_zh: string; name_en: string },
  lang: DocumentLang,
): Owner {
  const shown = nameFor(viewer, { ada: person.ada, sponsorAda: person.sponsor_ada, nameZh: person.name_zh, nameEn: person.name_en });
  const name = lang === 'zh-CN' || shown.nameEn === shown.nameZh ? shown.nameZh : `${shown.nameEn} (${shown.nameZh})`;
  return { name, ada: viewer.ada === person.ada ? person.ada : maskPrivacy(person.ada) };
}

/** The company that pays the fees (COMPANY_NAME_ZH / _EN, COMPANY_CONTACT). */
export function companyOf(config: Pick<Config, 'COMPANY_NAME_ZH' | 'COMPANY_NAME_EN' | 'COMPANY_CONTACT'>, lang: DocumentLang) {
  return { name: lang === 'zh-CN' ? config.COMPANY_NAME_ZH : config.COMPANY_NAME_EN, contact: config.COMPANY_CONTACT };
}
