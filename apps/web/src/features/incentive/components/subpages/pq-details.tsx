import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { BracketCell } from '../../../../components/figure-trace/bracket-cell.tsx';
import { FigureTrace } from '../../../../components/figure-trace/figure-trace.tsx';
import { HistoryStartNote, monthCell } from '../../../../components/no-data.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { check, CriterionCard, findCriterion } from './shared.tsx';
import { monthRowAttrs } from '../months-table.tsx';

type MonthRecord = PlanData['records'][number];

/** pqdetails: each month's personal-group PV, bracket and Q flag. */
export function PqDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const pq = findCriterion(plan, 'pqMonths');
  const lived = (r: MonthRecord, value: () => string) => monthCell(r.state, value);
  const columns: DataColumn<MonthRecord>[] = [
    {
      key: 'month',
      header: t('month'),
      cell: (r) => (
        <>
          {formatMonth(r.month, lang)}
          {r.state === 'open' ? <span className="muted small"> ({t('state.open')})</span> : null}
        </>
      ),
    },
    { key: 'ppv', header: t('ppv'), numeric: true, cell: (r) => lived(r, () => formatPv(r.ppv, lang)) },
    { key: 'pgpv', header: t('pgpv'), numeric: true, cell: (r) => lived(r, () => formatPv(r.pgpv, lang)) },
    {
      key: 'bracket',
      header: t('bracket'),
      numeric: true,
      cell: (r) => monthCell(r.state, () => <BracketCell m={r} label={t('bracket')} />),
    },
    { key: 'q', header: t('qFlag'), cell: (r) => <PqCell r={r} /> },
  ];
  return (
    <>
      {pq ? <CriterionCard c={pq} plan={plan} /> : null}
      <TableCard id="inc-pq" title={t('subpages.pqdetails')}>
        {plan.records.every((r) => !r.present) ? <p className="muted small">{t('noRecords')}</p> : null}
        <HistoryStartNote month={plan.historyStart} />
        <DataTable columns={columns} rows={plan.records} rowKey={(r) => r.month} rowAttrs={(r) => monthRowAttrs(r.state)} />
      </TableCard>
    </>
  );
}

/**
 * A month's PQ (Q month) answer with its trace: the engine's SP-month test on that month's APV and
 * 21 % legs (a PQ month is an SP month, isPqMonth). Nothing to trace in a month still to come.
 */
export function PqCell({ r }: { r: MonthRecord }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  if (r.state === 'future' || r.state === 'noData') return <>{monthCell(r.state, () => null)}</>;
  return (
    <>
      {check(r.isPq, t('yes'), t('no'))}
      <FigureTrace
        compact
        trace={{ kind: 'sp', month: r.month, apv: r.apv, qLegs: r.qLegs }}
        subject={`${t('qFlag')} ${formatMonth(r.month, lang)}`}
      />
    </>
  );
}
