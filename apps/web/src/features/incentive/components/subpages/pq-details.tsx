import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { TermHelp } from '../../../../components/term-help.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { check, CriterionCard, findCriterion } from './shared.tsx';

type MonthRecord = PlanData['records'][number];

/** pqdetails: each month's personal-group PV, bracket and Q flag. */
export function PqDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const pq = findCriterion(plan, 'pqMonths');
  const lived = (r: MonthRecord, value: () => string) => (r.state === 'future' ? '—' : value());
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
    { key: 'bracket', header: t('bracket'), numeric: true, cell: (r) => lived(r, () => `${r.bracket}%`) },
    { key: 'q', header: t('qFlag'), cell: (r) => lived(r, () => check(r.isPq, t('yes'), t('no'))) },
  ];
  return (
    <>
      {pq ? <CriterionCard c={pq} plan={plan} /> : null}
      <TableCard id="inc-pq" title={t('subpages.pqdetails')}>
        {plan.records.every((r) => !r.present) ? <p className="muted small">{t('noRecords')}</p> : null}
        <DataTable
          columns={columns}
          rows={plan.records}
          rowKey={(r) => r.month}
          rowAttrs={(r) => ({ className: r.state === 'future' ? 'inc-row--future' : undefined })}
        />
        <div className="inc-terms__links">
          <TermHelp code="BRACKET" />
          <TermHelp code="Q_MONTH" />
        </div>
      </TableCard>
    </>
  );
}
