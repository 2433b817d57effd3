import type { PlanData } from '@abo/contract';
import { legStatus } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { legColumn, LegMatrix } from '../leg-matrix.tsx';
import { termValues } from '../../market/term-values.ts';
import { gapLegsKind } from '../criterion-row.tsx';
import { LazyGapLegs } from '../gap-legs/gap-legs-lazy.tsx';
import { CriterionCard, EmptyCard, findCriterion } from './shared.tsx';

type Leg = PlanData['legs'][number];

/** lddmarketdetails: the frontline legs and how far each is to the LDD level. */
export function LddDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang, tx } = useLocalText();
  const ldd = findCriterion(plan, 'lddMarkets');
  const columns: DataColumn<Leg>[] = [
    legColumn(t('leg'), tx),
    {
      key: 'qMonths',
      header: t('qMonths'),
      numeric: true,
      cell: (l) => (
        <>
          {l.qMonths} / {plan.legQMonths}
        </>
      ),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (l) => <StatusTag status={legStatus(l, plan)} />,
    },
  ];
  return (
    <>
      {ldd ? <CriterionCard c={ldd} plan={plan} /> : null}
      {ldd && gapLegsKind(ldd, plan) ? (
        <section className="card">
          <LazyGapLegs plan={plan} kind="lddMarkets" fallback={<div className="gap-legs" aria-busy="true" />} />
        </section>
      ) : null}
      {plan.legs.length === 0 ? (
        <EmptyCard title={t('noLegs', termValues(plan.py, lang))} text={t('lddNeed', { count: plan.legQMonths })} />
      ) : (
        <TableCard id="inc-ldd" title={t('subpages.lddmarketdetails')}>
          <p className="small muted">{t('lddNeed', { count: plan.legQMonths })}</p>
          <DataTable columns={columns} rows={plan.legs} rowKey={(l) => l.key} />
          <LegMatrix plan={plan} />
        </TableCard>
      )}
    </>
  );
}
