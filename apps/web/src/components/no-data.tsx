import type { MonthStateData } from '@abo/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE, formatMonth } from '../lib/format.ts';
import { useLocalText } from '../lib/use-local-text.ts';

/**
 * A month before the distributor's history starts (state noData): "no data", never a 0 that would
 * read as a closed month with no volume.
 */
export function NoData() {
  const { t } = useTranslation();
  return <span className="muted no-data">{t('history.noData')}</span>;
}

/**
 * A month's figure as a table shows it: the value for a closed or open month, "—" for a future one
 * (nothing yet), "no data" for one before the history.
 */
export function monthCell(state: MonthStateData, value: () => ReactNode): ReactNode {
  if (state === 'future') return EMPTY_VALUE;
  if (state === 'noData') return <NoData />;
  return value();
}

/** Says where the history starts when a page's months begin before it. */
export function HistoryStartNote({ month }: { month: string | null | undefined }) {
  const { t } = useTranslation();
  const { lang } = useLocalText();
  if (!month) return null;
  return (
    <p className="muted small history-start-note" role="note">
      {t('history.startsIn', { month: formatMonth(month, lang) })}
    </p>
  );
}

/** The first month (oldest first) with data, when months before it have none; else null. */
export function historyStartOf(months: readonly { month: string; state: MonthStateData }[]): string | null {
  const first = months.findIndex((m) => m.state !== 'noData');
  return first > 0 ? months[first]!.month : null;
}
