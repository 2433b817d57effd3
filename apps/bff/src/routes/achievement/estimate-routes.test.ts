// The estimate of this month (/bff/v1/achievement/estimate) over the seeded test tree: the same
// engine the browser runs gives the same fee. Its agreement with a close is estimate-reclose.test.ts.
import type { LocalText } from '@abo/contract';
import { estimateMonth, rulesFor } from '@abo/plan';
import { describe, expect, it } from 'vitest';
import { useAchievementApp } from './achievement.test-support.ts';

describe('achievement calls: the estimate', () => {
  const fx = useAchievementApp();

  it('estimates this month with the same engine the browser runs', async () => {
    const base = await fx.call('estimate');
    expect(base.data.before.pgpv).toBe(1800);
    expect(base.data.before.bracketPercent).toBe(9);
    expect(base.data.legs.find((l: { maskedAda: string }) => l.maskedAda === '100******11').maskedName).toEqual({
      zh: '李四海',
      en: 'Li Sihai',
    });
    const r = await fx.call('estimate', { extraPpv: 300, extraLegPv: { L1: 100 } });
    expect(r.data.after.bracketPercent).toBe(12);
    // As the browser runs it: the legs and own BV the server sent, without the display fields.
    const local = estimateMonth({
      month: '2026-11',
      ppv: base.data.ppv,
      ppvBvFen: base.data.ppvBvFen,
      legs: base.data.legs.map(
        ({ maskedAda: _a, maskedName: _n, ...leg }: { maskedAda: string; maskedName: LocalText; id: string; gpv: number }) => leg,
      ),
      extraPpv: 300,
      extraLegPv: { L1: 100 },
      rules: rulesFor('26/27'),
    });
    expect(r.data.after.pretaxFen).toBe(local.after.pretaxFen);
    expect((await fx.call('estimate', { extraLegPv: { L99: 5 } })).message).toMatch(/Unknown leg/);
  });
});
