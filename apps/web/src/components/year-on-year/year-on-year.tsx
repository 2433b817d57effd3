import type { AchYearOnYearData, YoyMonthData, YoyTotalsData } from '@abo/contract';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { textsOnFirstUse } from '../../i18n/index.ts';
import { EMPTY_VALUE, formatFen, formatMonth, formatPv } from '../../lib/format.ts';
import { DataTable, type DataColumn } from '../data-table/data-table.tsx';
import { TableCard } from '../data-table/table-card.tsx';
import { QueryState } from '../query-state.tsx';
import { NoData } from '../no-data.tsx';
import { SimpleChart } from '../simple-chart.tsx';
import { useYearOnYear } from './year-on-year-query.ts';
import { YOY_PARAM } from './yoy-address.ts';
import './year-on-year.css';
import { useAddressParams } from '../../lib/use-address-params.ts';

const addTexts = textsOnFirstUse(
  'yoy',
  {
    title: '今年与去年对比',
    year: '业绩年度',
    legend: '每格上行为 {{py}} 年度，下行为 {{prev}} 年度同月（灰色）。本月为截至今日的数字。',
    month: '月份',
    gpv: '小组总 PV',
    ppv: '个人 PV',
    q: 'Q月',
    income: '收入（税后）',
    incomeNote: '收入为该月结单的税后实发金额，与月度服务费页相同。',
    activeLegs: '活跃一线',
    activeLegsNote: '活跃一线：当月小组 PV 大于 0 的一线分支。新成员：当月加入下线的人数。',
    newMembers: '新成员',
    yes: 'Q',
    no: '否',
    soFar: '至今',
    showAll: '显示全部 12 个月（含去年同期的以后月份）',
    showLess: '只显示至今的月份',
    total: '合计（至今；去年为同期）',
    chartGpv: '小组总 PV：{{py}} 与 {{prev}}',
    chartIncome: '税后收入：{{py}} 与 {{prev}}',
  },
  {
    title: 'This year against last',
    year: 'Performance year',
    legend: 'Each cell: {{py}} on top, the same month of {{prev}} below (grey). This month is so far.',
    month: 'Month',
    gpv: 'Group PV',
    ppv: 'Personal PV',
    q: 'Q month',
    income: 'Income (net)',
    incomeNote: 'Income is the month’s statement, net paid, as on the monthly service fee page.',
    activeLegs: 'Active legs',
    activeLegsNote:
      'Active legs: frontline legs with group PV above 0 that month. New members: people who joined your downline that month.',
    newMembers: 'New members',
    yes: 'Q',
    no: 'no',
    soFar: 'so far',
    showAll: 'Show all 12 months (last year’s later months too)',
    showLess: 'Show the months so far only',
    total: 'Total so far (last year: same months)',
    chartGpv: 'Group PV: {{py}} and {{prev}}',
    chartIncome: 'Net income: {{py}} and {{prev}}',
  },
);

type Row = AchYearOnYearData['rows'][number];
type Key = 'gpv' | 'ppv' | 'q' | 'income' | 'activeLegs' | 'newMembers';

const PY = /^\d{2}\/\d{2}$/;

/**
 * The chosen PY, from the address (yoy-address.ts; anything but a PY there means the current
 * one). A choice replaces the address as the app's other year pickers do: Back goes to the page
 * before, not to the PY before.
 */
function useYoyYear(): [string | undefined, (py: string) => void] {
  const [params, setParams] = useAddressParams();
  const asked = params.get(YOY_PARAM);
  const set = (py: string) =>
    setParams(
      (p) => {
        p.set(YOY_PARAM, py);
        return p;
      },
      { replace: true },
    );
  return [asked && PY.test(asked) ? asked : undefined, set];
}

/**
 * One figure of a month as a cell: this PY's above, last PY's below; a month not begun shows a
 * dash, a month before the history "no data".
 */
function pair(key: Key, row: Row, show: (m: YoyMonthData) => string): ReactNode {
  const one = (m: YoyMonthData, which: 'this' | 'last') => (
    <span className={`yoy__${which}`} data-yoy={`${key}-${which}`}>
      {m.state === 'noData' ? <NoData /> : m.state === 'future' ? EMPTY_VALUE : show(m)}
    </span>
  );
  return (
    <>
      {one(row.thisYear, 'this')}
      {one(row.lastYear, 'last')}
    </>
  );
}

/**
 * This PY beside the last, month by month: PV, Q months, income, active legs and new members
 * (the figures of the monthly pages; /bff/v1/achievement/yearOnYear). A table (label–value blocks
 * on a phone) and, on a wide screen, a small chart. `area` puts its own figure first.
 */
export default function YearOnYear({ area }: { area: 'achievement' | 'income' }) {
  addTexts();
  const { t, i18n } = useTranslation('yoy');
  const lang = i18n.language;
  const [year, setYear] = useYoyYear();
  // On a phone the months not begun are folded away until asked for (the blocks are long).
  const [all, setAll] = useState(false);
  const q = useYearOnYear(year);
  const selectId = useId();
  const pv = (n: number) => formatPv(n, lang);
  const fen = (n: number | null) => (n === null ? EMPTY_VALUE : formatFen(n, lang));

  const columns = useMemo((): DataColumn<Row>[] => {
    const figures: Record<Key, DataColumn<Row>> = {
      gpv: { key: 'gpv', header: t('gpv'), numeric: true, cell: (r) => pair('gpv', r, (m) => pv(m.gpv)) },
      ppv: { key: 'ppv', header: t('ppv'), numeric: true, cell: (r) => pair('ppv', r, (m) => pv(m.ppv)) },
      q: { key: 'q', header: t('q'), align: 'center', cell: (r) => pair('q', r, (m) => (m.isQ ? `✓ ${t('yes')}` : t('no'))) },
      income: { key: 'income', header: t('income'), numeric: true, cell: (r) => pair('income', r, (m) => fen(m.netFen)) },
      activeLegs: {
        key: 'activeLegs',
        header: t('activeLegs'),
        numeric: true,
        cell: (r) => pair('activeLegs', r, (m) => String(m.activeLegs)),
      },
      newMembers: {
        key: 'newMembers',
        header: t('newMembers'),
        numeric: true,
        cell: (r) => pair('newMembers', r, (m) => String(m.newMembers)),
      },
    };
    const order: Key[] =
      area === 'income'
        ? ['income', 'gpv', 'ppv', 'q', 'activeLegs', 'newMembers']
        : ['gpv', 'ppv', 'q', 'income', 'activeLegs', 'newMembers'];
    return [
      {
        key: 'month',
        header: t('month'),
        cell: (r) => (
          <>
            <span className="yoy__this">
              {formatMonth(r.thisYear.month, lang)}
              {r.thisYear.state === 'open' ? <span className="muted small"> · {t('soFar')}</span> : null}
            </span>
            <span className="yoy__last">{formatMonth(r.lastYear.month, lang)}</span>
          </>
        ),
      },
      ...order.map((k) => figures[k]),
    ];
    // pv and fen follow lang, which is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [area, t, lang]);

  return (
    <TableCard
      title={t('title')}
      className={all ? 'yoy yoy--all' : 'yoy'}
      actions={
        q.data ? (
          <span className="yoy__year">
            <label htmlFor={selectId} className="visually-hidden">
              {t('year')}
            </label>
            <select id={selectId} value={q.data.py} onChange={(e) => setYear(e.target.value)}>
              {q.data.pys.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </span>
        ) : null
      }
    >
      <QueryState query={q} skeletonLines={6}>
        {(d) => (
          <>
            <p className="muted small">{t('legend', { py: d.py, prev: d.prevPy })}</p>
            <div className="yoy__chart">
              <SimpleChart
                title={area === 'income' ? t('chartIncome', { py: d.py, prev: d.prevPy }) : t('chartGpv', { py: d.py, prev: d.prevPy })}
                labels={d.rows.map((r) =>
                  formatMonth(r.thisYear.month, lang)
                    .replace(/^\d{4}年/, '')
                    .replace(/ \d{4}$/, ''),
                )}
                series={[
                  {
                    label: d.py,
                    values: d.rows.map((r) =>
                      r.thisYear.state === 'future' ? null : area === 'income' ? (r.thisYear.netFen ?? 0) : r.thisYear.gpv,
                    ),
                  },
                  {
                    label: d.prevPy,
                    values: d.rows.map((r) =>
                      r.lastYear.state === 'noData' ? null : area === 'income' ? (r.lastYear.netFen ?? 0) : r.lastYear.gpv,
                    ),
                    kind: 'line',
                  },
                ]}
                states={d.rows.map((r) => r.thisYear.state)}
                format={area === 'income' ? (v) => formatFen(v, lang, true) : pv}
                height={180}
              />
            </div>
            <DataTable
              className="yoy__table"
              columns={columns}
              rows={d.rows}
              rowKey={(r) => r.thisYear.month}
              rowAttrs={(r) => ({
                'data-month': r.thisYear.month,
                'data-last-month': r.lastYear.month,
                ...(r.thisYear.state === 'future' ? { className: 'yoy__later' } : {}),
              })}
              footer={[
                {
                  key: 'total',
                  cells: {
                    month: t('total'),
                    gpv: totals('gpv', d, (x) => pv(x.gpv)),
                    ppv: totals('ppv', d, (x) => pv(x.ppv)),
                    q: totals('q', d, (x) => String(x.qMonths)),
                    income: totals('income', d, (x) => fen(x.netFen)),
                    newMembers: totals('newMembers', d, (x) => String(x.newMembers)),
                  },
                },
              ]}
            />
            {d.rows.some((r) => r.thisYear.state === 'future') ? (
              <button type="button" className="link-button yoy__more" aria-expanded={all} onClick={() => setAll(!all)}>
                {all ? t('showLess') : t('showAll')}
              </button>
            ) : null}
            <p className="muted small">{t('incomeNote')}</p>
            <p className="muted small">{t('activeLegsNote')}</p>
          </>
        )}
      </QueryState>
    </TableCard>
  );
}

/** A total of both PYs as a footer cell, like a month's pair. */
function totals(key: Key, d: AchYearOnYearData, show: (x: YoyTotalsData) => string): ReactNode {
  return (
    <>
      <span className="yoy__this" data-yoy={`${key}-this`}>
        {show(d.totals.thisYear)}
      </span>
      <span className="yoy__last" data-yoy={`${key}-last`}>
        {show(d.totals.lastYear)}
      </span>
    </>
  );
}
