import type { PlanData } from '@abo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { countsSoFar } from '@abo/plan';
import { monthCell } from '../../../../components/no-data.tsx';
import { formatMonth } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { LegMatrix } from '../leg-matrix.tsx';
import { termValues } from '../../market/term-values.ts';
import { PqCell } from './pq-details.tsx';
import { CriterionCard, findCriterion } from './shared.tsx';
import { MonthsTable } from '../months-table.tsx';

interface Row {
  r: PlanData['records'][number];
  cumPq: number;
  cumFlq: number;
}

/** pqflqdetails: the month grid of PQ and FLQ. */
export function PqFlqView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const pq = findCriterion(plan, 'pqMonths');
  const flq = findCriterion(plan, 'flqMonths');
  const rows = useMemo(() => {
    const out: Row[] = [];
    for (const r of plan.records) {
      const prev = out[out.length - 1];
      const live = countsSoFar(r.state);
      out.push({
        r,
        cumPq: (prev?.cumPq ?? 0) + (live && r.isPq ? 1 : 0),
        cumFlq: (prev?.cumFlq ?? 0) + (live ? r.qLegs : 0),
      });
    }
    return out;
  }, [plan.records]);
  const lived = (r: Row['r'], value: () => string | number) => monthCell(r.state, value);
  const columns: DataColumn<Row>[] = [
    { key: 'month', header: t('month'), cell: ({ r }) => formatMonth(r.month, lang) },
    { key: 'q', header: t('qFlag'), cell: ({ r }) => <PqCell r={r} /> },
    { key: 'pq', header: t('pq'), numeric: true, cell: ({ r, cumPq }) => lived(r, () => cumPq) },
    { key: 'qLegs', header: t('qLegs'), numeric: true, cell: ({ r }) => lived(r, () => r.qLegs) },
    { key: 'flq', header: t('flq'), numeric: true, cell: ({ r, cumFlq }) => lived(r, () => cumFlq) },
    { key: 'state', header: t('monthState'), cell: ({ r }) => <span className="muted">{t(`state.${r.state}`)}</span> },
  ];
  return (
    <>
      <div className="grid grid--2">
        {pq ? <CriterionCard c={pq} plan={plan} /> : null}
        {flq ? <CriterionCard c={flq} plan={plan} /> : null}
      </div>
      <TableCard id="inc-pqflq" title={t('subpages.pqflqdetails')}>
        <MonthsTable columns={columns} rows={rows} month={({ r }) => r} historyStart={plan.historyStart} />
      </TableCard>
      {flq ? (
        <TableCard id="inc-pqflq-legs" title={t('legs')}>
          {plan.legs.length ? <LegMatrix plan={plan} /> : <p className="small muted">{t('noLegs', termValues(plan.py, lang))}</p>}
        </TableCard>
      ) : null}
    </>
  );
}
