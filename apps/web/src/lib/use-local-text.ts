import type { LocalText } from '@abo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The two languages the app is written in; any other i18next language reads as Chinese. */
type TextLanguage = 'zh-CN' | 'en-US';

/** An object carrying a text twice, as `key` (Chinese) and `keyEn` (English): name/nameEn, title/titleEn… */
type Paired<K extends string> = { [P in K | `${K}En`]: unknown };

export interface LocalTextApi {
  lang: TextLanguage;
  en: boolean;
  /** The engine's `{ zh, en }` text in the current language. */
  tx: (text: LocalText) => string;
  /** `obj.key` or `obj.keyEn`: the answers that carry a text as a name/nameEn pair. */
  pair: <K extends string, O extends Paired<K>>(obj: O, key: K) => O[K] | O[`${K}En`];
}

/** A `{ zh, en }` text in `lang`, for code that has the language but is no component. */
export function localText(text: LocalText, lang: string): string {
  return lang === 'en-US' ? text.en : text.zh;
}

function api(lang: TextLanguage): LocalTextApi {
  const en = lang === 'en-US';
  return {
    lang,
    en,
    tx: (text) => (en ? text.en : text.zh),
    pair: (obj, key) => (en ? obj[`${key}En`] : obj[key]) as never,
  };
}

/**
 * The one way a component picks bilingual text: the engine's `{ zh, en }` objects and the
 * answers' name/nameEn pairs alike, following the language the user chose.
 */
export function useLocalText(): LocalTextApi {
  const { i18n } = useTranslation();
  const lang: TextLanguage = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return useMemo(() => api(lang), [lang]);
}
