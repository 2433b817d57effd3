import { href } from '@abo/contract/pages';
import type { HomeFirstGoal } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Term } from '../../../components/term/term.tsx';
import { TermText } from '../../../components/term/term-text.tsx';
import { formatPv } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';

/**
 * The month's first goal in plain words (docs/product.md, Who uses it: the new member): the PV that reaches the next
 * bracket, as the plan engine counts it, how far the month is, and where to act on it.
 */
export function FirstGoal({ goal }: { goal: HomeFirstGoal }) {
  const { t } = useTranslation('home');
  const { lang } = useLocalText();
  const pv = (n: number) => formatPv(n, lang);
  return (
    <div className="moment__row moment__goal" data-testid="first-goal">
      <div className="moment__body">
        <span className="muted small">{t('goalTitle')}</span>
        <p className="moment__progress moment__goal-text">
          <TermText text={t('goal', { pv: pv(goal.pvNeeded), percent: goal.targetPercent })} />
        </p>
        <div className="moment__bar" aria-hidden="true">
          <span style={{ width: `${goal.progressPct}%` }} />
        </div>
        <p className="moment__gap small num">
          {t('goalSoFar', { gpv: pv(goal.groupPv), min: pv(goal.targetMinPv) })} · {t('daysLeft', { count: goal.daysLeft })}
        </p>
        <p className="moment__actions">
          <Link to={href('/achievement/topup')} className="moment__action">
            {t('goalTopup')}
          </Link>
          <Link to={href('/achievement/estimate')} className="moment__action">
            {t('goalEstimate')}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** The terms the home page uses, each a tap from its definition (the area cards are links themselves). */
export function Glossary() {
  const { t } = useTranslation('home');
  const keys = ['pv', 'bv', 'apv', 'spMonth', 'q', 'flq', 'ldd', 'bracket'] as const;
  return (
    <section className="card home-glossary" aria-labelledby="home-glossary">
      <h2 id="home-glossary" className="card__title small">
        {t('glossary')}
      </h2>
      <ul className="home-glossary__list">
        {keys.map((k) => (
          <li key={k}>
            <Term k={k} />
          </li>
        ))}
      </ul>
    </section>
  );
}
