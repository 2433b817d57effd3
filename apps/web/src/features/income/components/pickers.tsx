import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshnessNote } from '../../../components/freshness-note.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatMonth } from '../../../lib/format.ts';

interface SelectProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  format?: (value: string) => string;
}

/** A labelled native select: keyboard-usable, small, and right on every phone. */
export function LabelledSelect({ label, value, options, onChange, format = (v) => v }: SelectProps) {
  const id = useId();
  return (
    <span className="income-select">
      <label htmlFor={id} className="muted small">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="income-select__control num">
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </select>
    </span>
  );
}

export function MonthSelect({
  value,
  months,
  onChange,
  label,
}: {
  value: string;
  months: readonly string[];
  onChange: (m: string) => void;
  label?: string;
}) {
  const { t, i18n } = useTranslation('income');
  const select = (
    <LabelledSelect
      label={label ?? t('month')}
      value={value}
      options={months.includes(value) ? months : [value, ...months]}
      onChange={onChange}
      format={(m) => formatMonth(m, i18n.language)}
    />
  );
  // The month a page shows (not an end of a range): how fresh its figures are, under it.
  if (label) return select;
  return (
    <div>
      {select}
      <FreshnessNote month={value} />
    </div>
  );
}

export function PySelect({ value, pys, onChange }: { value: string; pys: readonly string[]; onChange: (py: string) => void }) {
  const { t } = useTranslation('income');
  return <LabelledSelect label={t('pyLabel')} value={value} options={pys.includes(value) ? pys : [value, ...pys]} onChange={onChange} />;
}

/**
 * The answer for the month picked (`month`, from the address): loading, the month refused, no
 * statement yet, or the month's answer given to `children`.
 */
export function MonthQueryState<T extends { month: string | null }>({
  query,
  month,
  children,
}: {
  query: UseQueryResult<T>;
  month: string | undefined;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('income');
  return (
    <QueryState
      refusedText={month ? t('monthRefused', { month: month.slice(0, 20) }) : undefined}
      query={query}
      isEmpty={(d) => d.month === null}
      emptyTitle={t('noStatements')}
      emptyText={t('noStatementsText')}
      skeletonLines={8}
    >
      {children}
    </QueryState>
  );
}
