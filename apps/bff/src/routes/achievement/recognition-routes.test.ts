import type { LocalText } from '@abo/contract';
import { describe, expect, it } from 'vitest';
import { useAchievementApp } from './achievement.test-support.ts';

describe('achievement calls: outstanding performers and marketing stars', () => {
  const fx = useAchievementApp();

  it('ranks outstanding downline performers, never outside the downline', async () => {
    const r = await fx.call('outstanding', { month: '2026-11', by: 'ppv' });
    expect(r.data.performers.map((p: { ppv: number }) => p.ppv)).toEqual([500, 500, 300, 200]);
    expect(JSON.stringify(r.data)).not.toContain('20000001');
    // Frontline in full, the second level masked; in Latin letters too, for English pages.
    const names = r.data.performers.map((p: { depth: number; maskedName: LocalText }) => [p.depth, p.maskedName]);
    expect(names).toContainEqual([1, { zh: '李四海', en: 'Li Sihai' }]);
    expect(names).toContainEqual([2, { zh: '欧阳**', en: 'Ouyang M***' }]);
    // Without a Latin name the English text is the Chinese one.
    expect(names).toContainEqual([1, { zh: '测试会员', en: '测试会员' }]);
    expect(JSON.stringify(r.data)).not.toContain('欧阳明月');
    expect(JSON.stringify(r.data)).not.toContain('Mingyue');
  });

  it('lists marketing stars company-wide with masked names (their own in full for the star)', async () => {
    const r = await fx.call('marketingstars', { month: '2026-10' });
    expect(r.data.total).toBe(1);
    expect(r.data.stars[0]).toMatchObject({
      ppv: 3000,
      isMe: false,
      maskedAda: '200******01',
      maskedName: { zh: '陈*强', en: 'Chen Z***' },
    });
    expect(JSON.stringify(r.data)).not.toContain('陈志强');
    expect(JSON.stringify(r.data)).not.toContain('Zhiqiang');
    // The list is cached as rows for everyone; names are applied per viewer after it.
    const mine = await fx.call('marketingstars', { month: '2026-10' }, '20000001');
    expect(mine.data.me).toEqual({ qualified: true, rank: 1 });
    expect(mine.data.stars[0]).toMatchObject({ isMe: true, maskedName: { zh: '陈志强', en: 'Chen Zhiqiang' } });
    const again = await fx.call('marketingstars', { month: '2026-10' });
    expect(again.data.stars[0].maskedName).toEqual({ zh: '陈*强', en: 'Chen Z***' });
    const d = await fx.call('marketingstardetail');
    expect(d.data.starMonths).toBe(1);
    expect(d.data.customers).toBe(4);
  });
});
