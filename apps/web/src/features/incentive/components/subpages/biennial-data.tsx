import type { PlanData } from '@abo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { monthCell } from '../../../../components/no-data.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { LevelsCard } from '../levels-card.tsx';
import { check } from './shared.tsx';
import { MonthsTable } from '../months-table.tsx';

type MonthRecord = PlanData['records'][number];

/** biennialaward/data: the tracks, then the two-year month records behind them. */
export function BiennialDataView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const lived = (r: MonthRecord, value: () => string | number | ReactNode) => monthCell(r.state, value);
  const yesNo = (b: boolean) => check(b, t('yes'), t('no'));
  const columns: DataColumn<MonthRecord>[] = [
    { key: 'month', header: t('month'), cell: (r) => formatMonth(r.month, lang) },
    { key: 'q', header: t('qFlag'), cell: (r) => lived(r, () => yesNo(r.isPq)) },
    { key: 'qLegs', header: t('qLegs'), numeric: true, cell: (r) => lived(r, () => r.qLegs) },
    { key: 'apv', header: t('apv'), numeric: true, cell: (r) => lived(r, () => formatPv(r.apv, lang)) },
    { key: 'sp', header: t('spMonth'), cell: (r) => lived(r, () => yesNo(r.isSp)) },
    { key: 'compliant', header: t('compliant'), cell: (r) => lived(r, () => yesNo(r.compliant)) },
    { key: 'customers', header: t('newCustomers'), numeric: true, cell: (r) => lived(r, () => r.newCustomers) },
  ];
  return (
    <>
      <LevelsCard plan={plan} />
      <TableCard id="inc-bidata" title={t('subpages.data')}>
        <MonthsTable columns={columns} rows={plan.records} month={(r) => r} historyStart={plan.historyStart} />
      </TableCard>
    </>
  );
}
