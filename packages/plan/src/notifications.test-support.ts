// A month the notification tests close: October 2026, a Q month at the 21 % bracket, paid on 15 November.
import type { ClosedMonthFacts } from './notifications.ts';

export const PAID_OCTOBER: ClosedMonthFacts = {
  month: '2026-10',
  gpv: 10_400,
  bracket: 21,
  apv: 10_400,
  qLegs: 0,
  isSp: true,
  statement: { netFen: 127_240, paidOn: '2026-11-15' },
  seminarCode: 'SEMINAR_2627',
};
