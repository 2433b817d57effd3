import type { MonthStateData } from '@abo/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, textsOnFirstUse } from '../i18n/index.ts';
import { formatPv } from '../lib/format.ts';

export interface ChartSeries {
  label: string;
  /** One value per label; null draws nothing (a month not begun). */
  values: readonly (number | null)[];
  kind?: 'bar' | 'line';
  color?: string;
}

export interface SimpleChartProps {
  /** Accessible name: what the chart shows. */
  title: string;
  labels: string[];
  series: ChartSeries[];
  height?: number;
  /** Formats tooltip and table values (money, PV); PV with thousands separators by default. */
  format?: (value: number) => string;
  /**
   * Formats the axis ticks, which are whole numbers: defaults to `format`; money charts pass
   * whole yuan (`'¥12,000'`, not `'¥12,000.00'`).
   */
  tickFormat?: (value: number) => string;
  /**
   * Where each labelled month stands. The open month's figures are so far (provisional): drawn
   * outlined (bars) or dashed (lines), marked "*" with a note, and kept out of the axis scale,
   * which follows the closed months. A month without a figure yet is a null value; a month before
   * the history (noData) draws nothing and reads "no data", whatever value it is given.
   */
  states?: readonly MonthStateData[];
}

const PALETTE = ['#31507a', '#6f8fb8', '#1f7a4d', '#a15c00'];

const addTexts = textsOnFirstUse(
  'chart',
  {
    openNote: '* {{month}}为截至目前的数据，本月尚未结算',
    openAbove: '；高于已结算月份的坐标范围（{{value}}）',
    noData: '无数据',
  },
  {
    openNote: '* {{month}}: so far, the month is not closed yet',
    openAbove: '; above the closed months’ scale ({{value}})',
    noData: 'no data',
  },
);

/** The first 1, 2, 2.5 or 5 × 10ⁿ at or above `v`: a round top for the axis. */
function niceCeil(v: number): number {
  if (v <= 0) return 0;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/**
 * The axis top when the open month would otherwise set it: the closed months' highest value
 * (rounded up), so a month still filling neither dwarfs the closed ones nor reads as a dip.
 * Undefined (Chart.js scales itself) when there is no open month, no closed month to scale
 * to, or the open month stays within the closed months' range.
 */
export function closedAxisMax(series: readonly ChartSeries[], states: readonly MonthStateData[] | undefined): number | undefined {
  if (!states) return undefined;
  const open = states.indexOf('open');
  if (open < 0) return undefined;
  let closedMax = -Infinity;
  let openMax = -Infinity;
  for (const s of series) {
    s.values.forEach((v, i) => {
      if (v === null) return;
      if (states[i] === 'closed') closedMax = Math.max(closedMax, v);
      else if (i === open) openMax = Math.max(openMax, v);
    });
  }
  if (closedMax === -Infinity || closedMax <= 0 || openMax <= closedMax) return undefined;
  return niceCeil(closedMax * 1.05);
}

/** A hex colour made translucent (the open month's fill inside its solid outline). */
const faint = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}26` : hex);

/**
 * A labelled bar/line chart. Chart.js loads when a chart first comes into
 * view, so pages without one never download it; a data table follows for
 * screen readers.
 */
export function SimpleChart({
  title,
  labels,
  series: given,
  height = 220,
  format = (v) => formatPv(v, i18n.language),
  tickFormat = format,
  states,
}: SimpleChartProps) {
  addTexts();
  const { t } = useTranslation('chart');
  const canvas = useRef<HTMLCanvasElement>(null);
  const open = states ? states.indexOf('open') : -1;
  const statesKey = states?.join(',') ?? '';
  // Months before the history have no figures: no bar, no point (not a 0).
  const series = useMemo(
    () =>
      states?.includes('noData')
        ? given.map((s) => ({ ...s, values: s.values.map((v, i) => (states[i] === 'noData' ? null : v)) }))
        : given,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [given, statesKey],
  );
  const axisMax = closedAxisMax(series, states);
  const openAbove = axisMax !== undefined && open >= 0 ? Math.max(...series.map((s) => s.values[open] ?? -Infinity)) : undefined;
  const note =
    open >= 0
      ? `${t('openNote', { month: labels[open] })}${openAbove !== undefined ? t('openAbove', { value: format(openAbove) }) : ''}`
      : null;
  const shown = labels.map((l, i) => (i === open ? `${l}*` : l));
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    const draw = () =>
      void import('../lib/chart.ts').then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: shown,
            datasets: series.map((s, k) => {
              const color = s.color ?? PALETTE[k % PALETTE.length]!;
              const line = s.kind === 'line';
              const data = [...s.values];
              return {
                type: s.kind ?? 'bar',
                label: s.label,
                data,
                backgroundColor: line ? color : data.map((_, i) => (i === open ? faint(color) : color)),
                borderColor: color,
                borderWidth: line ? 2 : data.map((_, i) => (i === open ? 2 : 0)),
                pointRadius: line ? data.map((_, i) => (i === open ? 4 : 2)) : 0,
                pointBackgroundColor: line ? data.map((_, i) => (i === open ? '#fff' : color)) : color,
                // The segment into the open month is dashed: its end is not final.
                segment: line
                  ? { borderDash: (ctx: { p1DataIndex: number }) => (ctx.p1DataIndex === open ? [6, 4] : undefined) }
                  : undefined,
                spanGaps: false,
                borderRadius: 3,
              };
            }),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { display: series.length > 1, position: 'bottom' },
              tooltip: {
                callbacks: {
                  label: (ctx) => `${ctx.dataset.label}: ${format(Number(ctx.parsed.y))}${ctx.dataIndex === open ? '*' : ''}`,
                },
              },
            },
            scales: {
              y: {
                beginAtZero: true,
                ...(axisMax !== undefined ? { max: axisMax } : {}),
                // Whole steps only: no "¥0.50" or "2.5" between the round figures.
                ticks: { precision: 0, callback: (v) => tickFormat(Number(v)) },
              },
            },
          },
        });
      });
    // Chart.js (about 60 KB) loads and draws when the chart comes near the screen and the browser
    // has drawn the page's figures (an idle moment), never ahead of them: charts illustrate figures
    // shown above them.
    let observer: IntersectionObserver | undefined;
    let idle: number | undefined;
    const drawWhenIdle = () => {
      if (typeof requestIdleCallback === 'undefined') draw();
      else idle = requestIdleCallback(draw, { timeout: 1000 });
    };
    if (canvas.current && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer?.disconnect();
          drawWhenIdle();
        },
        { rootMargin: '200px 0px' },
      );
      observer.observe(canvas.current);
    } else drawWhenIdle();
    return () => {
      cancelled = true;
      observer?.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      chart?.destroy();
    };
    // `states` by value (statesKey): callers may build the array on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels, series, format, tickFormat, statesKey]);

  return (
    <>
      <figure className="chart" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={note ? `${title}. ${note}` : title} />
        {/* Hidden in a box, not as the table itself: a table is never narrower than its
          content, so a hidden wide table would still widen the page on a phone. */}
        <div className="visually-hidden">
          <table>
            <caption>{note ? `${title}. ${note}` : title}</caption>
            <thead>
              <tr>
                <td />
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((l, i) => (
                <tr key={l}>
                  <th scope="row">{shown[i]}</th>
                  {series.map((s) => {
                    const v = s.values[i];
                    return (
                      <td key={s.label}>{states?.[i] === 'noData' ? t('noData') : v === null || v === undefined ? '—' : format(v)}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
      {note ? <p className="muted small chart-note">{note}</p> : null}
    </>
  );
}
