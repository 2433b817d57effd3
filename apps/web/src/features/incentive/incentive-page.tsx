import { href } from '@abo/contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { PlanOverview } from './plan-overview.tsx';
import './i18n.ts';
import './incentive-i18n.ts';
import './incentive.css';

const MORE = [
  [href('/incentiveplan/type'), 'typeIndex'],
  [href('/incentiveplan/type/index2'), 'index2'],
  [href('/incentiveplan/travelplan'), 'travelIndex'],
  [href('/incentiveplan/rewardtracking'), 'rewardTracking'],
  [href('/incentiveplan/qualificationquery'), 'qualificationQuery'],
  [href('/incentiveplan/evaluationyear'), 'evaluationYear'],
  [href('/incentiveplan/includedcalc'), 'includedCalc'],
  [href('/incentiveplan/compliancemonthdetails'), 'complianceMonths'],
] as const;

/**
 * /incentiveplan: one line that answers first (on track, met…, the plan closest to being met),
 * this PY's plans by reach, last PY's collapsed.
 */
export default function IncentivePage() {
  const { t } = useTranslation('incentive');
  const client = useQueryClient();
  return (
    <Page title={t('title')} onRefresh={() => client.refetchQueries({ queryKey: ['incentive', 'plans'] })} wide>
      <PlanOverview />
      <nav className="card" aria-labelledby="inc-more">
        <h2 id="inc-more" className="card__title">
          {t('moreIndexes')}
        </h2>
        <div className="inc-subnav">
          {MORE.map(([to, key]) => (
            <Link key={to} to={to} className="inc-subnav__link">
              {t(key)}
            </Link>
          ))}
        </div>
      </nav>
    </Page>
  );
}
