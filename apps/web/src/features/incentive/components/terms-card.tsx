import { useTranslation } from 'react-i18next';
import { TermHelp } from '../../../components/term-help.tsx';
import { termsOfKind } from './criterion-kinds.ts';

/** Plain-language help for the terms a plan uses. */
export function TermsCard({ kinds }: { kinds: readonly string[] }) {
  const { t } = useTranslation('incentive');
  const terms = [...new Set(kinds.flatMap((k) => termsOfKind(k)))];
  if (!terms.length) return null;
  return (
    <section className="card" aria-labelledby="inc-terms">
      <h2 id="inc-terms" className="card__title">
        {t('help.title')}
      </h2>
      <ul className="inc-terms small">
        {terms.map((k) => (
          <li key={k}>{t(`help.${k}`)}</li>
        ))}
      </ul>
      <div className="inc-terms__links">
        <TermHelp code="SEMINAR_RULES" />
        <TermHelp code="Q_MONTH" label={t('help.q').split('：')[0]?.split(':')[0]} />
      </div>
    </section>
  );
}
