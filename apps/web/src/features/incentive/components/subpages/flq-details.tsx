import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { LegMatrix } from '../leg-matrix.tsx';
import { CriterionCard, EmptyCard, findCriterion } from './shared.tsx';

/** flqdetails: frontline legs × months (legs masked). */
export function FlqDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const flq = findCriterion(plan, 'flqMonths');
  return (
    <>
      {flq ? <CriterionCard c={flq} plan={plan} /> : null}
      {plan.legs.length === 0 ? (
        <EmptyCard title={t('noLegs')} text={t('noLegsText')} />
      ) : (
        <TableCard id="inc-flq" title={t('subpages.flqdetails')}>
          <LegMatrix plan={plan} />
        </TableCard>
      )}
    </>
  );
}
