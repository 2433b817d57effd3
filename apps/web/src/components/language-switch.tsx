import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n/index.ts';

/** 中文 ⇄ English, remembered on this device. */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return (
    <button
      type="button"
      className="link-button"
      lang={english ? 'zh-CN' : 'en'}
      onClick={() => setLanguage(english ? 'zh-CN' : 'en-US')}
      aria-label={english ? '切换到中文' : 'Switch to English'}
    >
      {english ? '中文' : 'EN'}
    </button>
  );
}
