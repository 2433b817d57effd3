import { href } from '@abo/contract/pages';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useOverview } from './api/get-overview.ts';
import { ACH_GROUPS, AchLink, useAch } from './components/shared.tsx';
import './i18n.ts';

/** /achievement/type: the achievement pages by category, with this month's headline figures. */
export default function AchievementTypePage() {
  const { t, tx, pv, month } = useAch();
  const q = useOverview();
  return (
    <Page title={t('nav.type')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <section className="card">
              <h2 className="card__title">{t('thisMonth', { month: month(d.month) })}</h2>
              <div className="ach-figures">
                <Figure value={tx(d.pinName)} label={t('currentPin')} />
                <Figure value={pv(d.current?.ppv ?? 0)} unit="PV" label={t('ppv')} />
                <Figure value={pv(d.current?.apv ?? 0)} unit="PV" label={t('apv')} />
                <Figure value={d.current?.bracket ?? 0} unit="%" label={t('bracket')} />
              </div>
            </section>
            <div className="grid grid--2">
              {ACH_GROUPS.map((g) => (
                <section className="card" key={g.key}>
                  <h2 className="card__title">{t(`groups.${g.key}`)}</h2>
                  {g.pages
                    .filter((p) => p !== 'type')
                    .map((p) => (
                      <AchLink key={p} page={p} />
                    ))}
                  {g.key === 'rank' ? (
                    <Link to={href('/achievement/type/localranktracking')} className="ach-link">
                      <span>
                        <span className="ach-link__title">{t('nav.typeRank')}</span>
                        <span className="muted small ach-link__hint">{t('history')}</span>
                      </span>
                      <RightOutline aria-hidden="true" />
                    </Link>
                  ) : null}
                </section>
              ))}
            </div>
          </>
        )}
      </QueryState>
    </Page>
  );
}
