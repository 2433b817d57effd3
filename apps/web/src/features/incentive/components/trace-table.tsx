import type { CriterionData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { monthCell } from '../../../components/no-data.tsx';
import { formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { PIN_KINDS } from './criterion-kinds.ts';
import { criterionValue } from './text.ts';
import { MonthsTable } from './months-table.tsx';

type TraceMonth = CriterionData['trace'][number];

/**
 * The month-by-month trace of one criterion. A pin criterion's months are the pin qualified in
 * the plan's PY `py` by then (pinAtLeast), or the pin held (newPin). `historyStart`: the months
 * before it are no data, and the trace says so.
 */
export function TraceTable({ criterion, py, historyStart }: { criterion: CriterionData; py?: string; historyStart?: string | null }) {
  const { t } = useTranslation('incentive');
  const { lang, tx } = useLocalText();
  const lived = (m: TraceMonth, value: () => string) => monthCell(m.state, value);
  const columns: DataColumn<TraceMonth>[] = [
    { key: 'month', header: t('month'), cell: (m) => formatMonth(m.month, lang) },
    {
      key: 'value',
      header: criterion.kind === 'pinAtLeast' && py ? t('pinQualified', { py }) : PIN_KINDS.has(criterion.kind) ? t('pinHeld') : t('value'),
      numeric: true,
      cell: (m) => lived(m, () => criterionValue(criterion.kind, m.value, lang)),
    },
    { key: 'counted', header: t('counted'), cell: (m) => lived(m, () => (m.counted ? `✓ ${t('yes')}` : t('no'))) },
    {
      key: 'cumulative',
      header: t('cumulative'),
      numeric: true,
      cell: (m) => lived(m, () => criterionValue(criterion.kind, m.cumulative, lang)),
    },
    { key: 'state', header: t('monthState'), cell: (m) => <span className="muted">{t(`state.${m.state}`)}</span> },
  ];
  // Months that can still add say what each needs (the engine gives it while the target is in reach).
  if (criterion.trace.some((m) => m.need)) {
    columns.push({ key: 'need', header: t('needs'), wrap: true, cell: (m) => (m.need ? tx(m.need) : '') });
  }
  return (
    <>
      <MonthsTable
        caption={t('traceTitle', { label: tx(criterion.label) })}
        columns={columns}
        rows={criterion.trace}
        month={(m) => m}
        historyStart={historyStart}
      />
    </>
  );
}
