import type { LocalText } from '@abo/contract';
import { pinName } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { formatPv } from '../../../lib/format.ts';

/** Picks the engine's zh/en text for the current language. */
export function useTx(): { tx: (t: LocalText) => string; lang: string; en: boolean } {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return { tx: (t) => (en ? t.en : t.zh), lang: i18n.language, en };
}

export const PIN_KINDS = new Set(['pinAtLeast', 'newPin']);

/** A criterion value as shown: pin names for pin criteria, grouped digits otherwise. */
export function criterionValue(kind: string, value: number, lang: string): string {
  if (PIN_KINDS.has(kind)) {
    if (value <= 0) return '—';
    const n = pinName(value);
    return `${lang === 'en-US' ? n.en : n.zh} (${value})`;
  }
  return formatPv(value, lang);
}

export function pinLabel(code: number, lang: string): string {
  const n = pinName(code);
  return `${lang === 'en-US' ? n.en : n.zh} (${code})`;
}
