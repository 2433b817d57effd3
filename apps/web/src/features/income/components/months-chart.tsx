import type { MonthStateData } from '@abo/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleChart } from '../../../components/simple-chart.tsx';
import { formatFen, formatMonth } from '../../../lib/format.ts';

export interface MoneySeries {
  label: string;
  /** fen per month, in the order of `months`. */
  fen: number[];
  kind?: 'bar' | 'line';
}

/** A money-by-month chart (Chart.js loads lazily); rebuilt only when the figures change. */
export function MonthsChart({
  title,
  months,
  series,
  height = 200,
  states,
}: {
  title: string;
  months: string[];
  series: MoneySeries[];
  height?: number;
  /** Where each month stands (a month before the history draws nothing: noData). */
  states?: MonthStateData[];
}) {
  const { i18n } = useTranslation('income');
  const lang = i18n.language;
  const key = JSON.stringify([months, series, lang]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the serialized figures
  const labels = useMemo(() => months.map((m) => formatMonth(m, lang)), [key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const chartSeries = useMemo(() => series.map((s) => ({ label: s.label, kind: s.kind, values: s.fen.map((f) => f / 100) })), [key]);
  const format = useMemo(() => (v: number) => formatFen(Math.round(v * 100), lang), [lang]);
  const tickFormat = useMemo(() => (v: number) => formatFen(v * 100, lang, true), [lang]);
  return (
    <SimpleChart
      title={title}
      labels={labels}
      series={chartSeries}
      format={format}
      tickFormat={tickFormat}
      height={height}
      {...(states ? { states } : {})}
    />
  );
}
