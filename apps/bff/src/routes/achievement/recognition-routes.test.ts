import { describe, expect, it } from 'vitest';
import { useAchievementApp } from './achievement.test-support.ts';

describe('achievement calls: outstanding performers and marketing stars', () => {
  const fx = useAchievementApp();

  it('ranks outstanding downline performers, never outside the downline', async () => {
    const r = await fx.call('outstanding', { month: '2026-11', by: 'ppv' });
    expect(r.data.performers.map((p: { ppv: number }) => p.ppv)).toEqual([500, 500, 300, 200]);
    expect(JSON.stringify(r.data)).not.toContain('20000001');
    // Frontline in full, the second level masked.
    const names = r.data.performers.map((p: { depth: number; maskedName: string }) => [p.depth, p.maskedName]);
    expect(names).toContainEqual([1, '李四海']);
    expect(names).toContainEqual([2, '欧阳**']);
    expect(JSON.stringify(r.data)).not.toContain('欧阳明月');
  });

  it('lists marketing stars company-wide with masked names (their own in full for the star)', async () => {
    const r = await fx.call('marketingstars', { month: '2026-10' });
    expect(r.data.total).toBe(1);
    expect(r.data.stars[0]).toMatchObject({ ppv: 3000, isMe: false, maskedAda: '200******01', maskedName: '陈*强' });
    expect(JSON.stringify(r.data)).not.toContain('陈志强');
    // The list is cached as rows for everyone; names are applied per viewer after it.
    const mine = await fx.call('marketingstars', { month: '2026-10' }, '20000001');
    expect(mine.data.me).toEqual({ qualified: true, rank: 1 });
    expect(mine.data.stars[0]).toMatchObject({ isMe: true, maskedName: '陈志强' });
    const again = await fx.call('marketingstars', { month: '2026-10' });
    expect(again.data.stars[0].maskedName).toBe('陈*强');
    const d = await fx.call('marketingstardetail');
    expect(d.data.starMonths).toBe(1);
    expect(d.data.customers).toBe(4);
  });
});
