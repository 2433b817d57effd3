import { href } from '@abo/contract/pages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  [href('/incentiveplan/trackingpartnersmonthly'), 'title.monthly'],
  [href('/incentiveplan/trackingpartnersannual'), 'title.annual'],
  [href('/incentiveplan/keycoachingpartnersmonthly'), 'title.keyMonthly'],
  [href('/incentiveplan/keycoachingpartners'), 'title.keyAnnual'],
  [href('/incentiveplan/marketmembertracking'), 'title.members'],
  [href('/incentiveplan/trackingcopies'), 'title.copies'],
] as const;

/** The market pages side by side, so a leader moves between views in one tap. */
export function MarketNav() {
  const { t } = useTranslation('incentiveMarket');
  const ref = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring the current page's link into view.
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && active) nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  }, []);
  return (
    <nav className="market-nav" aria-label={t('navLabel')} ref={ref}>
      {LINKS.map(([to, key]) => (
        <NavLink key={to} to={to} end className={({ isActive }) => `market-nav__link${isActive ? ' market-nav__link--active' : ''}`}>
          {t(key)}
        </NavLink>
      ))}
    </nav>
  );
}
