// Quiet hours (NotificationPreferences.quietHours): a distributor's "no push" window, in China
// time (UTC+8 all year: China keeps no daylight saving time), `HH:MM` to `HH:MM`, possibly across
// midnight (22:00–08:00). A push due inside the window is held until the window ends.

import { CHINA_OFFSET_MS } from '@abo/words';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface QuietHours {
  /** `HH:MM`, China time: the first minute that is quiet. */
  from: string;
  /** `HH:MM`, China time: the first minute that is no longer quiet. */
  to: string;
}

/** Minutes after midnight of an `HH:MM` clock time. */
function minutesOf(clock: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!m) throw new RangeError(`not an HH:MM time: ${clock}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * When the quiet hours that hold `now` end, or null when `now` is outside them (or there are
 * none). `from` is inside the window and `to` is not: with 22:00–08:00, 22:00 is quiet and 08:00
 * is not. A window whose ends are equal is empty (no quiet hours).
 */
export function quietUntil(now: Date, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const china = now.getTime() + CHINA_OFFSET_MS;
  const dayStart = Math.floor(china / DAY_MS) * DAY_MS;
  const minute = Math.floor((china - dayStart) / MINUTE_MS);
  let endDay: number;
  if (from < to) {
    // Within one day: 12:00–14:00.
    if (minute < from || minute >= to) return null;
    endDay = dayStart;
  } else if (minute >= from) {
    // Across midnight, evening part: ends tomorrow.
    endDay = dayStart + DAY_MS;
  } else if (minute < to) {
    // Across midnight, morning part: ends today.
    endDay = dayStart;
  } else {
    return null;
  }
  return new Date(endDay + to * MINUTE_MS - CHINA_OFFSET_MS);
}
