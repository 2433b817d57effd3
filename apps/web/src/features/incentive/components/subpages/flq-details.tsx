import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { LegMatrix } from '../leg-matrix.tsx';
import { termValues } from '../../market/term-values.ts';
import { gapLegsKind } from '../criterion-row.tsx';
import { LazyGapLegs } from '../gap-legs/gap-legs-lazy.tsx';
import { CriterionCard, EmptyCard, findCriterion } from './shared.tsx';

/** flqdetails: frontline legs × months (legs masked). */
export function FlqDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const values = termValues(plan.py, lang);
  const flq = findCriterion(plan, 'flqMonths');
  return (
    <>
      {flq ? <CriterionCard c={flq} plan={plan} /> : null}
      {flq && gapLegsKind(flq, plan) ? (
        <section className="card">
          <LazyGapLegs plan={plan} kind="flqMonths" fallback={<div className="gap-legs" aria-busy="true" />} />
        </section>
      ) : null}
      {plan.legs.length === 0 ? (
        <EmptyCard title={t('noLegs', values)} text={t('noLegsText', values)} />
      ) : (
        <TableCard id="inc-flq" title={t('subpages.flqdetails')}>
          <LegMatrix plan={plan} />
        </TableCard>
      )}
    </>
  );
}
