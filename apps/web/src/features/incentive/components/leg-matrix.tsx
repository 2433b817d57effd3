import type { LocalText, PlanData } from '@abo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';

type Leg = PlanData['legs'][number];

/** The legs tables' first column: a leg's masked name over its masked ADA. */
export function legColumn(header: string, tx: (text: LocalText) => string): DataColumn<Leg> {
  return {
    key: 'leg',
    header,
    cell: (l) => (
      <>
        <div>{tx(l.maskedName)}</div>
        <div className="muted small num">{l.maskedAda}</div>
      </>
    ),
  };
}

/** Frontline legs × months: Q marks, totals per leg and per month (legs masked). A month grid. */
export function LegMatrix({ plan, labelledBy }: { plan: PlanData; labelledBy?: string }) {
  const { t } = useTranslation('incentive');
  const { lang, en, tx } = useLocalText();
  const long = plan.months.length > 12;
  // Today's month is open: its Q marks are so far, counted as the FLQ criterion counts them.
  const open = plan.months.indexOf(plan.today);
  const monthLabel = (m: string) =>
    long ? `${m.slice(2, 4)}/${m.slice(5)}` : en ? formatMonth(m, lang).split(' ')[0]! : `${Number(m.slice(5))}月`;
  const columns: DataColumn<Leg>[] = [
    legColumn(t('leg'), tx),
    ...plan.months.map((m, i): DataColumn<Leg> => ({
      key: m,
      header: <span title={formatMonth(m, lang)}>{i === open ? `${monthLabel(m)}*` : monthLabel(m)}</span>,
      label: i === open ? `${formatMonth(m, lang)} (${t('state.open')})` : formatMonth(m, lang),
      align: 'center',
      cell: (l) =>
        l.months[i] ? (
          <span className="inc-q">
            <span aria-hidden="true">Q</span>
            <span className="visually-hidden">{t('qFlag')}</span>
          </span>
        ) : (
          <span className="muted">
            <span aria-hidden="true">·</span>
            <span className="visually-hidden">{t('no')}</span>
          </span>
        ),
    })),
    { key: 'total', header: t('qMonths'), numeric: true, align: 'center', cell: (l) => <strong>{l.qMonths}</strong> },
  ];
  const totals: Record<string, ReactNode> = { leg: t('total') };
  plan.months.forEach((m, i) => (totals[m] = plan.legs.reduce((n, l) => n + (l.months[i] ? 1 : 0), 0)));
  totals.total = <strong>{plan.legs.reduce((n, l) => n + l.qMonths, 0)}</strong>;
  return (
    <>
      <DataTable
        layout="grid"
        className="inc-matrix"
        columns={columns}
        rows={plan.legs}
        rowKey={(l) => l.key}
        footer={[{ key: 'total', cells: totals }]}
        {...(labelledBy ? { labelledBy } : {})}
      />
      {open >= 0 ? <p className="small muted">{`* ${formatMonth(plan.today, lang)}: ${t('state.open')}`}</p> : null}
    </>
  );
}
