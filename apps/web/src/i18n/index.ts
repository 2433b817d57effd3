import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US.ts';
import { zhCN } from './zh-CN.ts';

export type Language = 'zh-CN' | 'en-US';

/**
 * ?lang=en wins, then a remembered choice, then the browser language; zh-CN by default. A ?lang=
 * is remembered as the app's own switch remembers a choice: the sign-in page sends back the one
 * chosen there (issue #32), and it is kept after the address changes.
 */
export function detectLanguage(search = window.location.search, navigatorLanguages = navigator.languages): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (fromQuery) {
    const lang: Language = fromQuery.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
    localStorage.setItem('lang', lang);
    return lang;
  }
  const remembered = localStorage.getItem('lang');
  if (remembered === 'en-US' || remembered === 'zh-CN') return remembered;
  const first = navigatorLanguages?.[0] ?? 'zh-CN';
  return first.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

export function setLanguage(lang: Language): void {
  localStorage.setItem('lang', lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

/**
 * Sets i18next up once, in `lang` or the detected language; asked again for a language (a test),
 * it switches, and asked again for none it leaves the one in use. This module calls it as it loads
 * (below), so whatever imports `i18n` to add its texts finds it set up, whichever chunk the browser
 * runs first: the app frame and the page are two dynamic imports started side by side
 * (app/router.tsx), and nothing orders the one before the other.
 */
export function initI18n(lang?: Language): typeof i18n {
  if (!i18n.isInitialized) {
    const first = lang ?? detectLanguage();
    void i18n.use(initReactI18next).init({
      lng: first,
      fallbackLng: 'zh-CN',
      resources: { 'zh-CN': { common: zhCN }, 'en-US': { common: enUS } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    document.documentElement.lang = first;
  } else if (lang && lang !== i18n.language) {
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }
  return i18n;
}

initI18n();

/**
 * A component's own texts, added to i18next on its first render rather than when its module loads:
 * the module may share a chunk the app frame loads (apps/web/vite.config.ts, the "app" group). Call
 * the returned function at the top of the component; it adds them once, merged into whatever the
 * namespace already holds. English is typed against Chinese as in addTexts.
 */
export function textsOnFirstUse<Zh extends Tree>(ns: string, zh: Zh, en: English<NoInfer<Zh>>): () => void {
  let added = false;
  return () => {
    if (added) return;
    i18n.addResourceBundle('zh-CN', ns, zh, true);
    i18n.addResourceBundle('en-US', ns, en, true);
    added = true;
  };
}

/** Texts as i18next takes them: a text, a list of texts, or a group of texts under keys. */
type Tree = { readonly [key: string]: string | readonly string[] | Tree };

/**
 * The English of Chinese texts `Zh`: every key of `Zh` and no other, nested alike, a text for a text
 * and a list where Chinese has a list. A count's text is `key_other` in Chinese (the one plural form
 * Chinese has; i18next looks it up for any count) and English adds its singular, `key_one`.
 */
type English<Zh> = {
  readonly [K in keyof Zh]: Zh[K] extends string ? string : Zh[K] extends readonly unknown[] ? Zh[K] : English<Zh[K]>;
} & { readonly [K in keyof Zh as K extends `${infer B}_other` ? `${B}_one` : never]: string };

/**
 * Adds a feature's or a page's texts to namespace `ns` in both languages, declared side by side:
 * English typed against Chinese, so a key missing or extra in either fails to compile. Several
 * modules may add to one namespace (a feature's shared texts, each page's own): the bundles are
 * merged deeply, so two modules can fill one group; a text added again replaces the one before.
 */
export function addTexts<Zh extends Tree>(ns: string, texts: { zh: Zh; en: English<NoInfer<Zh>> }): void {
  i18n.addResourceBundle('zh-CN', ns, texts.zh, true, true);
  i18n.addResourceBundle('en-US', ns, texts.en, true, true);
}

export { i18n };
