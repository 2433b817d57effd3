import type { FreshnessData } from '@abo/contract';
import { chinaClock, chinaDay, monthDayLabel } from '@abo/words';
import { useTranslation } from 'react-i18next';
import { textsOnFirstUse } from '../i18n/index.ts';
import { useFreshness } from '../lib/get-freshness.ts';

const addTexts = textsOnFirstUse(
  'freshness',
  {
    updated: '截至 {{time}} 更新',
    closesOn: '本月于 {{date}} 结算',
    closesOnAlone: '本月于 {{date}} 结算',
    closedOn: '已于 {{date}} 结算',
  },
  {
    updated: 'Updated {{time}}',
    closesOn: 'this month closes on {{date}}',
    closesOnAlone: 'This month closes on {{date}}',
    closedOn: 'Closed on {{date}}',
  },
);

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** '12月1日' / '1 Dec' (spelt out, as lib/format.ts does for months: no Intl calendar data to load). */
function dayLabel(day: string, zh: boolean): string {
  return monthDayLabel(Number(day.slice(5, 7)), Number(day.slice(8, 10)), zh);
}

/** 'HH:MM' in China (one offset all year, no daylight saving); preceded by the day when it is not today's. */
function timeLabel(iso: string, zh: boolean, now: number): string {
  const ms = Date.parse(iso);
  const at = chinaClock(ms);
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const day = chinaDay(ms);
  return day === chinaDay(now) ? time : `${dayLabel(day, zh)} ${time}`;
}

/** What the note says of `month`; null when nothing is known of it. */
function noteParts(month: string, f: FreshnessData, zh: boolean) {
  if (f.closedThrough !== null && month <= f.closedThrough) {
    const at = f.closedAt[month];
    return at ? ({ kind: 'closed', iso: at, date: dayLabel(chinaDay(Date.parse(at)), zh) } as const) : null;
  }
  const updated = f.openComputedAt ? { iso: f.openComputedAt, time: timeLabel(f.openComputedAt, zh, Date.now()) } : null;
  // Only the open month has a known closing day; a complete month left open closes whenever the close runs.
  const closes = month === f.openMonth ? dayLabel(f.nextCloseAfter, zh) : null;
  return updated || closes ? ({ kind: 'open', updated, closes } as const) : null;
}

/**
 * How fresh a month's figures are, under the figures: "Updated 14:05 · this month closes on
 * 1 Dec" for the open month (provisional figures), "Closed on 3 Nov" for a closed one.
 * Nothing while loading or when the BFF cannot say.
 */
export function FreshnessNote({ month, className }: { month: string; className?: string }) {
  addTexts();
  const { t, i18n: lang } = useTranslation('freshness');
  const { data } = useFreshness();
  if (!data) return null;
  const zh = lang.language.toLowerCase().startsWith('zh');
  const parts = noteParts(month, data, zh);
  if (!parts) return null;
  const cls = `muted small freshness-note${className ? ` ${className}` : ''}`;
  if (parts.kind === 'closed') {
    return (
      <p className={cls}>
        <time dateTime={parts.iso}>{t('closedOn', { date: parts.date })}</time>
      </p>
    );
  }
  const { updated, closes } = parts;
  return (
    <p className={cls}>
      {updated ? <time dateTime={updated.iso}>{t('updated', { time: updated.time })}</time> : null}
      {updated && closes ? ' · ' : null}
      {closes ? <time dateTime={data.nextCloseAfter}>{t(updated ? 'closesOn' : 'closesOnAlone', { date: closes })}</time> : null}
    </p>
  );
}
