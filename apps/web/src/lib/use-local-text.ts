import type { LocalText } from '@abo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The two languages the app is written in; any other i18next language reads as Chinese. */
type TextLanguage = 'zh-CN' | 'en-US';

export interface LocalTextApi {
  lang: TextLanguage;
  en: boolean;
  /** A `{ zh, en }` text (the engine's and the answers' alike) in the current language. */
  tx: (text: LocalText) => string;
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
  };
}

/**
 * The one way a component picks bilingual text: every `{ zh, en }` text, the engine's and the
 * answers' alike, following the language the user chose.
 */
export function useLocalText(): LocalTextApi {
  const { i18n } = useTranslation();
  const lang: TextLanguage = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return useMemo(() => api(lang), [lang]);
}
