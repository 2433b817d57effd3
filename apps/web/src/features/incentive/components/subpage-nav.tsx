import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planHref, subpagesOf, type Subpage } from '../plan-routes.ts';

/** Links to the plan's subpages. */
export function SubpageNav({ planRoute, py, current }: { planRoute: string; py: string; current: Subpage }) {
  const { t } = useTranslation('incentive');
  const subs = subpagesOf(planRoute);
  if (!subs.length) return null;
  return (
    <nav className="inc-subnav" aria-label={t('details')}>
      {current !== 'overview' ? (
        <Link to={planHref(planRoute, py)} className="inc-subnav__link">
          {t('subpages.overview')}
        </Link>
      ) : null}
      {subs.map((s) =>
        s === current ? (
          <span key={s} className="inc-subnav__link inc-subnav__link--current" aria-current="page">
            {t(`subpages.${s}`)}
          </span>
        ) : (
          <Link key={s} to={planHref(`${planRoute}/${s}`, py)} className="inc-subnav__link">
            {t(`subpages.${s}`)}
          </Link>
        ),
      )}
    </nav>
  );
}
