import { href } from '@abo/contract/pages';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const INCOME_PAGES = [
  'servicefee',
  'commissiondetail',
  'promotionservicefee',
  'pretaxdetails',
  'query',
  'distributorannualincome',
  'annualtaxable',
  'annualreview',
] as const;
export type IncomePage = (typeof INCOME_PAGES)[number];

/** Links to the other pages of a month (or year), carrying the selection along. */
export function IncomeLinks({ pages, search }: { pages: readonly IncomePage[]; search?: string }) {
  const { t } = useTranslation('income');
  return (
    <nav className="card" aria-label={t('seeAlso')}>
      <h2 className="card__title">{t('seeAlso')}</h2>
      <ul className="income-links">
        {pages.map((p) => (
          <li key={p}>
            <Link to={`${href(`/income/${p}`)}${search ? `?${search}` : ''}`} className="income-links__link">
              <span>{t(`pages.${p}`)}</span>
              <RightOutline aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
