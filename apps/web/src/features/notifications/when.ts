import { CHINA_TIME_ZONE as CHINA } from '@abo/words';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a notification came, in the UI's language: relative within a week ("just now",
 * "3 hours ago", "3小时前", "yesterday"), else the date; `full` is the date and time in China time for a tooltip.
 * A time ahead of this device's clock is written as a date, never as "in 2 hours".
 */
export function formatWhen(iso: string, lang: string, justNow: string, now: number = Date.now()): { text: string; full: string } {
  const at = new Date(iso);
  const full = at.toLocaleString(lang, {
    timeZone: CHINA,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const ago = now - at.getTime();
  if (Number.isNaN(ago)) return { text: iso, full: iso };
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  if (ago >= 0 && ago < MINUTE) return { text: justNow, full };
  if (ago >= 0 && ago < HOUR) return { text: relative.format(-Math.floor(ago / MINUTE), 'minute'), full };
  if (ago >= 0 && ago < DAY) return { text: relative.format(-Math.floor(ago / HOUR), 'hour'), full };
  if (ago >= 0 && ago < 7 * DAY) return { text: relative.format(-Math.floor(ago / DAY), 'day'), full };
  const sameYear =
    new Date(now).toLocaleString('en', { timeZone: CHINA, year: 'numeric' }) ===
    at.toLocaleString('en', { timeZone: CHINA, year: 'numeric' });
  const text = at.toLocaleDateString(lang, { timeZone: CHINA, year: sameYear ? undefined : 'numeric', month: 'short', day: 'numeric' });
  return { text, full };
}
