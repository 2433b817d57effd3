// What a same-day close hands the notifications (notifications/produce.ts): the month rows it
// computed and wrote, so they need not be read back from monthly_results.
import type { HeldMonthRows } from '../notifications/produce.ts';
import type { Members } from './figures.ts';
import type { Figures } from './month-figures.ts';

/**
 * The month rows of `figures` as the close wrote them (monthlyRow), for the notifications; the
 * months before `from` are not held (read back for some members only: the table has them).
 */
export function heldMonthRows(members: Members, figures: Figures, from = 0): HeldMonthRows {
  return (month) => {
    const m = figures.cal.months.indexOf(month);
    if (m < from) return null;
    return (ada) => {
      const i = members.index.get(ada);
      if (i === undefined || m < figures.joinMonth[i]!) return null;
      const cell = m * figures.n + i;
      return {
        ada,
        gpv: figures.gpv[cell]!,
        apv: figures.pgpv[cell]!,
        bracket: figures.bracket[cell]!,
        qLegs: figures.qLegs[cell]!,
        isSp: figures.isSp[cell] === 1,
        isQ: figures.isQ[cell] === 1,
      };
    };
  };
}
