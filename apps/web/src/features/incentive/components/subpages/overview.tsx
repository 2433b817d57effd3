import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { HistoryStartNote } from '../../../../components/no-data.tsx';
import { CriteriaList } from '../criteria-list.tsx';
import { LevelsCard } from '../levels-card.tsx';
import { TermsCard } from '../terms-card.tsx';
import { allCriteria } from './shared.tsx';

/** The plan page itself: the checklist, the levels, and the terms it uses. */
export function OverviewView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const newcomer = plan.records.every((r) => !r.present);
  return (
    <>
      {newcomer ? <p className="card small">{t('newcomer')}</p> : null}
      <HistoryStartNote month={plan.historyStart} />
      <CriteriaList criteria={plan.criteria} plan={plan} />
      <LevelsCard plan={plan} />
      <TermsCard kinds={allCriteria(plan).map((x) => x.c.kind)} py={plan.py} />
    </>
  );
}
