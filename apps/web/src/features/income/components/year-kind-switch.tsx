import { href } from '@abo/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The two ways a year of income is counted, side by side at the top of both annual pages: the
 * performance year (September to August, by statement month) and the tax year (the calendar year,
 * by payment date: what the annual tax reconciliation counts). Links, so each view has its address.
 */
export function YearKindSwitch({ current }: { current: 'py' | 'tax' }) {
  const { t } = useTranslation('income');
  const views = [
    { kind: 'py', to: href('/income/distributorannualincome'), label: t('yearKind.py'), hint: t('yearKind.pyHint') },
    { kind: 'tax', to: href('/income/annualtaxable'), label: t('yearKind.tax'), hint: t('yearKind.taxHint') },
  ] as const;
  return (
    <nav className="year-kind" aria-label={t('yearKind.label')}>
      {views.map((v) => (
        <Link
          key={v.kind}
          to={v.to}
          replace
          className={`year-kind__link${v.kind === current ? ' year-kind__link--current' : ''}`}
          aria-current={v.kind === current ? 'page' : undefined}
        >
          <span className="year-kind__label">{v.label}</span>
          <span className="year-kind__hint">{v.hint}</span>
        </Link>
      ))}
    </nav>
  );
}
