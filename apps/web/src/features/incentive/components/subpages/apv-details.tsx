import type { PlanData } from '@abo/contract';
import { countsSoFar } from '@abo/plan';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { SimpleChart } from '../../../../components/simple-chart.tsx';
import { monthCell } from '../../../../components/no-data.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { termValues } from '../../market/term-values.ts';
import { CriterionCard, findCriterion } from './shared.tsx';
import { MonthsTable } from '../months-table.tsx';

interface Row {
  r: PlanData['records'][number];
  cum: number;
}

/** apvdetails: APV by month, cumulative vs required. */
export function ApvDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const apv = findCriterion(plan, 'apv');
  const { labels, series, rows, states } = useMemo(() => {
    let run = 0;
    const cumValues: (number | null)[] = [];
    const monthly: (number | null)[] = [];
    for (const r of plan.records) {
      // A month not begun has no APV yet (not a zero); the open month's is so far, and counts
      // in the cumulative as the criterion counts it.
      const lived = countsSoFar(r.state);
      if (lived) run += r.apv;
      monthly.push(lived ? r.apv : null);
      cumValues.push(lived ? run : null);
    }
    const s = [
      { label: t('apvMonthly'), values: monthly },
      { label: t('apvCumulative'), values: cumValues, kind: 'line' as const },
      ...(apv ? [{ label: t('apvRequired'), values: plan.records.map(() => apv.required), kind: 'line' as const, color: '#a15c00' }] : []),
    ];
    return {
      labels: plan.records.map((r) => formatMonth(r.month, lang)),
      series: s,
      rows: plan.records.map((r, i): Row => ({ r, cum: cumValues[i] ?? 0 })),
      states: plan.records.map((r) => r.state),
    };
  }, [plan, apv, t, lang]);
  const format = useMemo(() => (v: number) => formatPv(v, lang), [lang]);
  const columns: DataColumn<Row>[] = [
    {
      key: 'month',
      header: t('month'),
      cell: ({ r }) => (
        <>
          {formatMonth(r.month, lang)}
          {r.state === 'open' ? <span className="muted small"> ({t('state.open')})</span> : null}
        </>
      ),
    },
    { key: 'apv', header: t('apvMonthly'), numeric: true, cell: ({ r }) => monthCell(r.state, () => formatPv(r.apv, lang)) },
    { key: 'cum', header: t('apvCumulative'), numeric: true, cell: ({ r, cum }) => monthCell(r.state, () => formatPv(cum, lang)) },
    ...(apv ? [{ key: 'required', header: t('required'), numeric: true, cell: () => formatPv(apv.required, lang) }] : []),
  ];
  return (
    <>
      {apv ? <CriterionCard c={apv} plan={plan} /> : null}
      <TableCard id="inc-apv" title={t('apvChart')}>
        <SimpleChart title={t('apvChart')} labels={labels} series={series} states={states} format={format} />
        <MonthsTable columns={columns} rows={rows} month={({ r }) => r} historyStart={plan.historyStart} />
        <p className="small muted">{t('help.apv', termValues(plan.py, lang))}</p>
      </TableCard>
    </>
  );
}
