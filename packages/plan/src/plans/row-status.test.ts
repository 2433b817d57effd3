import { describe, expect, it } from 'vitest';
import { pyMonths } from '../calendar.ts';
import { eventStatus, legStatus } from './row-status.ts';

// PY 26/27, today November 2026: Sep and Oct closed, Nov open, Dec … Aug to come (10 months left).
const months = pyMonths('26/27');
const open = { today: '2026-11', periodState: 'open' as const, months, legQMonths: 6 };

const leg = (q: number[]) => ({
  key: 'L1',
  maskedAda: '100******11',
  maskedName: '李*红',
  qMonths: q.length,
  months: months.map((_, i) => q.includes(i)),
  qualified: q.length >= 6,
});

describe('row statuses on a plan page', () => {
  it('a leg short of the LDD level is on track, at risk with no month to spare, out of reach when the months left cannot make it', () => {
    expect(legStatus(leg([0, 1]), open)).toBe('onTrack');
    expect(legStatus(leg([]), open)).toBe('atRisk'); // behind the pace of 6 in 12
    expect(legStatus(leg([0, 1, 2, 3, 4, 5]), open)).toBe('met');
    // In June: 3 months left (Jun, Jul, Aug).
    const june = { ...open, today: '2027-06' };
    expect(legStatus(leg([0, 1, 2]), june)).toBe('atRisk'); // 3 + 3 = 6: every month needed
    expect(legStatus(leg([0, 1]), june)).toBe('outOfReach');
    expect(legStatus(leg([0, 1]), { ...open, periodState: 'closed' })).toBe('missed');
  });

  it('an event is on track while ahead, at risk in its month, missed once its month passed unattended', () => {
    const e = (month: string | null, attended = false) => ({ code: 'E', name: { zh: '说明会', en: 'Briefing' }, attended, month });
    expect(eventStatus(e('2027-06'), open)).toBe('onTrack');
    expect(eventStatus(e(null), open)).toBe('onTrack');
    expect(eventStatus(e('2026-11'), open)).toBe('atRisk');
    expect(eventStatus(e('2026-10'), open)).toBe('missed');
    expect(eventStatus(e('2026-10', true), open)).toBe('met');
    expect(eventStatus(e(null), { ...open, periodState: 'closed' })).toBe('missed');
  });
});
