// China time: the business calendar is China's, UTC+8 all year (China keeps no daylight saving
// time). Adding the offset to an instant gives a Date whose UTC fields read China's wall clock,
// so a server on UTC and a phone in Beijing agree on the day, the month and the time of day.

/** China's offset from UTC, milliseconds. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** China's offset as ISO 8601 text writes it after a wall-clock time: `+08:00`. */
export const CHINA_ISO_OFFSET = `+${String(CHINA_OFFSET_MS / 3_600_000).padStart(2, '0')}:00`;

/** China's zone for Intl (`timeZone`), where a formatter does the work. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** An instant (ms since the epoch) as a Date whose UTC fields are China's wall clock. */
export function chinaClock(ms: number): Date {
  return new Date(ms + CHINA_OFFSET_MS);
}

/** China's wall clock of an instant as ISO text without a zone: `YYYY-MM-DDTHH:MM:SS.sss`. */
export function chinaIso(ms: number): string {
  return chinaClock(ms).toISOString().slice(0, 23);
}

/** The calendar day in China at an instant, `YYYY-MM-DD`. */
export function chinaDay(ms: number): string {
  return chinaIso(ms).slice(0, 10);
}

/** The instant (ms since the epoch) of a China wall-clock time, `YYYY-MM-DD[THH:MM[:SS[.sss]]]`; NaN when unreadable. */
export function chinaInstant(wallClock: string): number {
  return Date.parse(`${wallClock.length === 10 ? `${wallClock}T00:00:00` : wallClock}${CHINA_ISO_OFFSET}`);
}
