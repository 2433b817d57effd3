import { useTranslation } from 'react-i18next';
import { TermHelp } from '../../../components/term-help.tsx';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { termsOfKind } from './criterion-kinds.ts';
import { termValues } from '../market/term-values.ts';

/** Plain-language help for the terms a plan uses, its numbers from the rule table of the plan's PY. */
export function TermsCard({ kinds, py }: { kinds: readonly string[]; py: string }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const terms = [...new Set(kinds.flatMap((k) => termsOfKind(k)))];
  if (!terms.length) return null;
  const values = termValues(py, lang);
  return (
    <section className="card" aria-labelledby="inc-terms">
      <h2 id="inc-terms" className="card__title">
        {t('help.title')}
      </h2>
      <ul className="inc-terms small">
        {terms.map((k) => (
          <li key={k}>{t(`help.${k}`, values)}</li>
        ))}
      </ul>
      <div className="inc-terms__links">
        <TermHelp code="SEMINAR_RULES" />
        <TermHelp code="Q_MONTH" label={t('help.qLabel')} />
      </div>
    </section>
  );
}
