import { href } from '@abo/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { TermHelp } from '../../../components/term-help.tsx';
import './market.css';
import './i18n.ts';
import './market-use-guide-i18n.ts';

/** How market member tracking works: the filters and the terms, in plain language. */
export default function MarketUseGuidePage() {
  const { t } = useTranslation('incentiveMarket');
  const filters = t('guide.filters', { returnObjects: true }) as string[];
  const terms = t('guide.terms', { returnObjects: true }) as string[];
  return (
    <Page title={t('title.guide')} wide>
      <div className="grid grid--2">
        <section className="card">
          <p className="market-intro">{t('guide.intro')}</p>
          <h2 className="card__title">{t('guide.filtersTitle')}</h2>
          <ul className="market-guide">
            {filters.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2 className="card__title">{t('guide.termsTitle')}</h2>
          <ul className="market-guide">
            {terms.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p>
            <TermHelp code="PV_BV" label="PV" /> <TermHelp code="BRACKET" label={t('bracket')} /> <TermHelp code="Q_MONTH" label={t('q')} />
          </p>
          <h2 className="card__title">{t('guide.privacyTitle')}</h2>
          <p>{t('guide.privacy')}</p>
          <Link to={href('/incentiveplan/marketmembertracking')} className="market-cta">
            {t('guide.open')}
          </Link>
        </section>
      </div>
    </Page>
  );
}
