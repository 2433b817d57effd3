import type { CriterionData, PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { CriterionRow } from './criterion-row.tsx';

/** The criteria checklist. */
export function CriteriaList({ criteria, plan, title }: { criteria: readonly CriterionData[]; plan: PlanData; title?: string }) {
  const { t } = useTranslation('incentive');
  return (
    <section className="card" aria-labelledby="inc-criteria">
      <h2 id="inc-criteria" className="card__title">
        {title ?? t('criteria')}
      </h2>
      <ul className="inc-criteria inc-criteria--cols">
        {criteria.map((c, i) => (
          <CriterionRow key={`${c.kind}-${i}`} c={c} planRoute={plan.route} py={plan.py} plan={plan} />
        ))}
      </ul>
    </section>
  );
}
