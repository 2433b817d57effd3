import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { MONTH_KINDS, PIN_KINDS } from '../criterion-kinds.ts';
import { criterionValue } from '../text.ts';
import { allCriteria, levelName } from './shared.tsx';

type Row = ReturnType<typeof allCriteria>[number];

/** target: required vs achieved and the gap per remaining month, for every criterion. */
export function TargetView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const rows = allCriteria(plan);
  const columns: DataColumn<Row>[] = [
    {
      key: 'criterion',
      header: t('criteria'),
      wrap: true,
      cell: ({ level, c }) => (
        <>
          {level ? <span className="muted">{tx(levelName(plan, level))} · </span> : null}
          {tx(c.label)}
        </>
      ),
    },
    { key: 'required', header: t('required'), numeric: true, cell: ({ c }) => criterionValue(c.kind, c.required, lang) },
    { key: 'achieved', header: t('achieved'), numeric: true, cell: ({ c }) => criterionValue(c.kind, c.achieved, lang) },
    {
      key: 'stillNeeded',
      header: t('stillNeeded'),
      numeric: true,
      cell: ({ c }) => (c.gap ? (PIN_KINDS.has(c.kind) ? t('pinRequired') : formatPv(c.gap.stillNeeded, lang)) : t('gapDone')),
    },
    {
      key: 'perMonth',
      header: t('perMonth'),
      numeric: true,
      cell: ({ c }) =>
        !c.gap || PIN_KINDS.has(c.kind) || c.gap.remainingMonths === 0
          ? '—'
          : MONTH_KINDS.has(c.kind)
            ? t('nOfMonths', { n: c.gap.stillNeeded, count: c.gap.remainingMonths })
            : formatPv(c.gap.perMonth, lang),
    },
    { key: 'remaining', header: t('remainingMonths'), numeric: true, cell: ({ c }) => (c.gap ? c.gap.remainingMonths : '—') },
    { key: 'status', header: t('status'), cell: ({ c }) => <StatusTag status={c.status} /> },
  ];
  return (
    <TableCard id="inc-target" title={t('subpages.target')}>
      <DataTable columns={columns} rows={rows} rowKey={(_, i) => String(i)} />
      <ul className="inc-missing">
        {rows
          .filter(({ c }) => c.gap)
          .map(({ c }, i) => (
            <li key={i} className="small">
              <strong>{tx(c.label)}</strong> — {tx(c.gap!.text)}
            </li>
          ))}
      </ul>
    </TableCard>
  );
}
