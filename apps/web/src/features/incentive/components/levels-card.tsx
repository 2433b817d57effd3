import { href } from '@abo/contract/pages';
import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayOpen } from '../../../lib/write-pages.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatFen } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { CriterionRow } from './criterion-row.tsx';

const SETTAG = href('/incentiveplan/biennialaward/settag');

/** Tiers (seat class, funding amount) or tracks (biennial): each with its own criteria. */
export function LevelsCard({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  if (!plan.levels.length) return null;
  const reached = plan.levels.find((l) => l.code === plan.achievedLevel);
  const chosen = plan.levels.find((l) => l.code === plan.chosenTrack);
  return (
    <section className="card" aria-labelledby="inc-levels">
      <h2 id="inc-levels" className="card__title">
        {t(`levels.${plan.levelsMode ?? 'tiers'}`)}
      </h2>
      <p className="small">
        {reached ? t('levelAchieved', { name: tx(reached.name) }) : t('levelNone')}
        {plan.levelsRequired ? <span className="muted"> · {t('levelRequired')}</span> : null}
      </p>
      {plan.levelsMode === 'tracks' ? (
        <p className="small">
          {plan.chosenTrack ? t('chosenTrack', { name: chosen ? tx(chosen.name) : '' }) : t('noTrack')}{' '}
          {mayOpen(SETTAG) ? (
            <Link to={SETTAG} className="link-button">
              {t('chooseTrack')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <div className="grid grid--2">
        {plan.levels.map((l) => (
          <div key={l.code} className={`inc-level${l.code === plan.achievedLevel ? ' inc-level--reached' : ''}`}>
            <div className="inc-criterion__head">
              <h3 className="inc-criterion__label">
                {tx(l.name)}
                {l.rewardFen !== undefined ? <span className="muted num"> · {formatFen(l.rewardFen, lang)}</span> : null}
              </h3>
              <StatusTag status={l.status} />
            </div>
            {l.reason ? <p className="inc-reason small">{tx(l.reason.text)}</p> : null}
            {l.waitsFor ? <p className="inc-gap small">{tx(l.waitsFor)}</p> : null}
            <ul className="inc-criteria">
              {l.criteria.map((c, i) => (
                <CriterionRow key={i} c={c} planRoute={plan.route} py={plan.py} plan={plan} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
