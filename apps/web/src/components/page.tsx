import { href } from '@abo/contract/pages';
import { ConfigProvider } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import enUSLocale from 'antd-mobile/es/locales/en-US';
import zhCNLocale from 'antd-mobile/es/locales/zh-CN';
import { useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from './language-switch.tsx';
import { PageActions } from './page-actions.ts';
import { PageBanner } from './page-banner.ts';
import { PullToRefresh } from './pull-to-refresh.tsx';

export { PageBanner };

export interface PageProps {
  title: string;
  /** Show a back arrow (every page but home). */
  back?: boolean;
  /** Pull-to-refresh on touch screens: re-fetch the page's data. */
  onRefresh?: () => Promise<unknown>;
  actions?: ReactNode;
  children: ReactNode;
  /** Wider content (tables) on desktop. */
  wide?: boolean;
}

/**
 * The frame of every page: a title bar (back arrow on mobile), the language
 * switch, the notifications bell, pull-to-refresh, and a content column that uses desktop width well.
 */
export function Page({ title, back = true, onRefresh, actions, children, wide }: PageProps) {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const banner = useContext(PageBanner);
  const appActions = useContext(PageActions);
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);
  // The title bar's height (the staff banner included, which wraps on a phone) as
  // --title-bar-height on the page: what stays in view under the bar (the estimate's answer) is
  // sticky at that offset. Set before the first paint, and again whenever the bar's height changes.
  const frame = useRef<HTMLElement>(null);
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = bar.current;
    if (!header) return;
    const measure = () => frame.current?.style.setProperty('--title-bar-height', `${header.offsetHeight}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  // Only the app's own history counts (issue #32): on the first page of this visit (a deep link,
  // a push, a bookmark, the page after sign-in) Back goes home, never to the sign-in form or out of
  // the app. The browser router numbers the app's entries (idx 0: the first; kept by replace).
  const location = useLocation();
  const goBack = () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    const first = typeof idx === 'number' ? idx === 0 : location.key === 'default';
    return first ? navigate(href('/'), { replace: true }) : navigate(-1);
  };
  const body = <div className={`page__body${wide ? ' page__body--wide' : ''}`}>{children}</div>;
  return (
    <ConfigProvider locale={i18n.language === 'en-US' ? enUSLocale : zhCNLocale}>
      <main className="page-frame" ref={frame}>
        {/* Our own bar rather than antd-mobile's NavBar: its back area is a div with
            role="button" that the keyboard cannot reach (and an unnamed one on home). */}
        <header className="page-frame__bar" ref={bar}>
          {banner}
          <div className="page-frame__nav">
            <div className="page-frame__left">
              {back ? (
                <button type="button" className="page-frame__back" onClick={goBack}>
                  <LeftOutline className="page-frame__back-arrow" aria-hidden />
                  {t('nav.back')}
                </button>
              ) : null}
            </div>
            <h1 className="page-frame__title">{title}</h1>
            <div className="page-frame__right">
              <span className="page-frame__actions">
                {actions}
                <LanguageSwitch />
                {appActions}
              </span>
            </div>
          </div>
        </header>
        {onRefresh ? <PullToRefresh onRefresh={onRefresh}>{body}</PullToRefresh> : body}
      </main>
    </ConfigProvider>
  );
}
