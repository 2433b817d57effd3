import { useEffect, useRef } from 'react';

export interface ChartSeries {
  label: string;
  values: number[];
  kind?: 'bar' | 'line';
  color?: string;
}

export interface SimpleChartProps {
  /** Accessible name: what the chart shows. */
  title: string;
  labels: string[];
  series: ChartSeries[];
  height?: number;
  /** Formats axis and tooltip values (money, PV). */
  format?: (value: number) => string;
}

const PALETTE = ['#31507a', '#6f8fb8', '#1f7a4d', '#a15c00'];

/**
 * A labelled bar/line chart. Chart.js loads when a chart first comes into
 * view, so pages without one never download it; a data table follows for
 * screen readers.
 */
export function SimpleChart({ title, labels, series, height = 220, format = (v) => v.toLocaleString() }: SimpleChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    const draw = () =>
      void import('../lib/chart.ts').then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels,
            datasets: series.map((s, i) => ({
              type: s.kind ?? 'bar',
              label: s.label,
              data: s.values,
              backgroundColor: s.color ?? PALETTE[i % PALETTE.length],
              borderColor: s.color ?? PALETTE[i % PALETTE.length],
              borderWidth: s.kind === 'line' ? 2 : 0,
              pointRadius: s.kind === 'line' ? 2 : 0,
              borderRadius: 3,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { display: series.length > 1, position: 'bottom' },
              tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${format(Number(ctx.parsed.y))}` } },
            },
            scales: { y: { beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } } },
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
  }, [labels, series, format]);

  return (
    <figure className="chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={title} />
      {/* Hidden in a box, not as the table itself: a table is never narrower than its
          content, so a hidden wide table would still widen the page on a phone. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
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
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
