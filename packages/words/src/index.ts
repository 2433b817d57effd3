// The domain's words and numbers, one home for the engine, the BFF (documents, notifications)
// and the web: China time, money, PV and percentages, month and day labels, bilingual text.
// Pure TypeScript without dependencies; import only what is used (the package has no side effects).
export { bilingual, type Bilingual } from './bilingual.ts';
export { CHINA_ISO_OFFSET, CHINA_OFFSET_MS, CHINA_TIME_ZONE, chinaClock, chinaDay, chinaInstant, chinaIso } from './china-time.ts';
export {
  changeSign,
  formatWholeYuan,
  formatYuan,
  formatYuanChange,
  formatYuanLess,
  groupThousands,
  lessSign,
  yuanDigits,
} from './money.ts';
export { dayLabel, monthDayLabel, monthLabel, MONTHS_LONG, MONTHS_SHORT } from './months.ts';
export { formatCount, formatPercent, formatRateBp, formatVolume } from './volume.ts';
