import { href } from '@abo/contract/pages';
import { Avatar, Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FreshnessNote } from '../../components/freshness-note.tsx';
import { formatFen, formatMonth, formatPercent, formatPv } from '../../lib/format.ts';
import { getSession, logout } from '../../lib/storage.ts';
import { canSignOut } from '../../lib/sign-out.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { isWeChat } from '../../lib/wechat.ts';
import type { PagePrefetch } from '../../lib/query-client.ts';
import { homeSummaryQuery, useHomeSummary } from './api/get-home-summary.ts';
import { useWeChatInfo } from './api/get-wechat-info.ts';
import { noviceGuideQuery, useNoviceGuide } from './api/novice-guide.ts';
import { useWideHome } from './components/use-wide-home.ts';
import { Glossary } from './components/first-goal.tsx';
import { MomentCard } from './components/moment-card.tsx';
import { LazyWatchlistCard } from '../../components/watchlist/watchlist-card-lazy.tsx';
import { PromptsDialog } from './components/prompts-dialog.tsx';
import { ProjectedPay } from './components/projected-pay.tsx';
import './home.css';
import './i18n.ts';

export const prefetch: PagePrefetch = (_at, client) => {
  void client.prefetchQuery(homeSummaryQuery());
  void client.prefetchQuery(noviceGuideQuery('home'));
};

/** Watched legs home shows; the rest are a link away (member tracking). */
const HOME_WATCHED = 5;

// The trends of the wide layout load only there: a phone's first page does not carry them.
const trends = () => import('./components/area-trend.tsx');
const QTrend = lazy(() => trends().then((m) => ({ default: m.QTrend })));
const PvTrend = lazy(() => trends().then((m) => ({ default: m.PvTrend })));
const IncomeTrend = lazy(() => trends().then((m) => ({ default: m.IncomeTrend })));
// The first-visit guide (antd-mobile's Popup and its animation library) loads only for a user
// who has not seen it: most visits never show it.
const NoviceGuide = lazy(() => import('./components/novice-guide.tsx').then((m) => ({ default: m.NoviceGuide })));

export default function HomePage() {
  const { t } = useTranslation('home');
  const { lang, tx } = useLocalText();
  const summary = useHomeSummary();
  const guide = useNoviceGuide('home');
  const ada = getSession('loginAda') ?? '';
  const inWeChat = getSession('channel') === 'wec' && isWeChat();
  const wechat = useWeChatInfo(ada, inWeChat && !!ada);
  const navigate = useNavigate();
  // On a wide screen each area shows its trend as well (their data is asked for only then).
  const wide = useWideHome();
  const [confirming, setConfirming] = useState(false);

  const onLogout = async () => {
    // The dialog (and the animation library under it) loads on this tap, not with home; the
    // button spins meanwhile.
    setConfirming(true);
    const [{ default: Dialog }] = await Promise.all([
      import('antd-mobile/es/components/dialog'),
      import('../../lib/antd-setup.ts'),
    ]).finally(() => setConfirming(false));
    const confirmed = await Dialog.confirm({ content: t('logoutConfirm'), confirmText: t('logout'), cancelText: t('cancel') });
    if (!confirmed) return;
    logout();
    void navigate(href('/'), { replace: true });
  };

  return (
    <Page title={t('title')} back={false} onRefresh={() => summary.refetch()} wide>
      <QueryState query={summary} skeletonLines={6}>
        {(s) => (
          <>
            <section className="card home-profile" aria-label={t('profile')}>
              <Avatar
                src={wechat.data?.headImage ?? ''}
                fallback={
                  <span className="home-profile__initial" aria-hidden="true">
                    {s.fullName.slice(0, 1)}
                  </span>
                }
                className="home-profile__avatar"
                alt=""
              />
              <div className="home-profile__who">
                <div className="home-profile__name">{s.fullName}</div>
                <div className="muted num">
                  {t('ada')} {s.maskedAda}
                </div>
              </div>
              <span className="pin-badge" title={t('pin')}>
                {tx(s.pinName)}
              </span>
            </section>

            <MomentCard s={s} />

            {s.projectedPay ? <ProjectedPay pay={s.projectedPay} /> : null}

            {/* The legs the distributor watches (issue #22), for those who have a market at all. */}
            {s.legs.total > 0 ? <LazyWatchlistCard limit={HOME_WATCHED} /> : null}

            <div className="grid grid--3 home-areas">
              <Link to={href('/incentiveplan')} className="card area-card">
                <h2 className="card__title">
                  {t('incentive')} <RightOutline aria-hidden="true" />
                </h2>
                <p className="muted small">{t('incentiveHint', { py: s.py })}</p>
                <div className="area-card__figures">
                  <div>
                    <span className="figure">{s.pqMonths}</span>
                    <span className="figure__unit">{t('months', { count: s.pqMonths })}</span>
                    <div className="muted small">{t('pqMonths')}</div>
                  </div>
                  <div>
                    <span className="figure">{s.flqMonths}</span>
                    <span className="figure__unit">{t('months', { count: s.flqMonths })}</span>
                    <div className="muted small">{t('flqMonths')}</div>
                  </div>
                </div>
                {wide ? (
                  <Suspense fallback={null}>
                    <QTrend />
                  </Suspense>
                ) : null}
              </Link>

              <Link to={href('/achievement')} className="card area-card">
                <h2 className="card__title">
                  {t('achievement')} <RightOutline aria-hidden="true" />
                </h2>
                <p className="muted small">{t('achievementHint', { month: formatMonth(s.month, lang) })}</p>
                <div className="area-card__figures">
                  <div>
                    <span className="figure">{formatPv(s.monthPgpv, lang)}</span>
                    <span className="figure__unit">PV</span>
                    <div className="muted small">{t('monthPv')}</div>
                  </div>
                  <div>
                    {/* One figure, as every percentage is written ("18%", never a unit set apart as "18 %"). */}
                    <span className="figure">{formatPercent(s.monthBracket, lang)}</span>
                    <div className="muted small">{t('bracket')}</div>
                  </div>
                </div>
                {wide ? (
                  <Suspense fallback={null}>
                    <PvTrend />
                  </Suspense>
                ) : null}
                <FreshnessNote month={s.month} />
              </Link>

              <Link to={href('/income/type')} className="card area-card">
                <h2 className="card__title">
                  {t('income')} <RightOutline aria-hidden="true" />
                </h2>
                {s.lastStatementMonth && s.lastNetFen !== null ? (
                  <>
                    <p className="muted small">{t('incomeHint', { month: formatMonth(s.lastStatementMonth, lang) })}</p>
                    <div className="area-card__figures">
                      <div>
                        <span className="figure">{formatFen(s.lastNetFen, lang)}</span>
                        <div className="muted small">{t('lastNet')}</div>
                      </div>
                    </div>
                    {wide ? (
                      <Suspense fallback={null}>
                        <IncomeTrend
                          pretaxFen={s.lastPretaxFen}
                          taxFen={s.lastPretaxFen === null ? null : s.lastPretaxFen - s.lastNetFen}
                        />
                      </Suspense>
                    ) : null}
                  </>
                ) : (
                  <p className="muted">{t('noIncome')}</p>
                )}
              </Link>
            </div>

            <Glossary />

            {canSignOut() ? (
              <div className="home-footer">
                <Button fill="none" size="small" loading={confirming} onClick={() => void onLogout()}>
                  {t('logout')}
                </Button>
              </div>
            ) : null}
            {/* One overlay at a time: the first-visit guide, then notices. */}
            {guide.data?.show ? (
              <Suspense fallback={null}>
                <NoviceGuide businessType="home" />
              </Suspense>
            ) : null}
            {guide.data?.show === false ? <PromptsDialog businessType="home" /> : null}
          </>
        )}
      </QueryState>
    </Page>
  );
}
