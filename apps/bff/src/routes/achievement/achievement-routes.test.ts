import { describe, expect, it } from 'vitest';
import { pinRequirements, pinRule, rulesFor } from '@abo/plan';
import { useAchievementApp } from './achievement.test-support.ts';

describe('achievement calls: pin, top-up and settings', () => {
  const fx = useAchievementApp();

  it('shows the pin, the next pin and 12 months ending with this month', async () => {
    const r = await fx.call('overview');
    expect(r.success).toBe(true);
    expect(r.data.pinCode).toBe(330);
    expect(r.data.month).toBe('2026-11');
    expect(r.data.months).toHaveLength(12);
    expect(r.data.months.at(-1)).toMatchObject({ month: '2026-11', state: 'open', pgpv: 1800 });
    expect(r.data.nextPin.pinCode).toBe(340);
    expect(r.data.maskedAda).not.toBe('10000001');
    expect(r.data.fullName).toBe('王小明');
  });

  it('counts this PY’s SP months from closed months only', async () => {
    const r = await fx.call('rank');
    expect(r.data.counters.spMonths).toBe(1);
    expect(r.data.closedMonths).toBe(2);
    expect(r.data.pins.filter((p: { above: boolean }) => !p.above).map((p: { pinCode: number }) => p.pinCode)).toEqual([310, 320, 330]);
  });

  it('tells the pin held apart from the pin this PY qualifies for', async () => {
    // Platinum held; 26/27 has one SP month closed (September): Silver Producer qualified this PY.
    const r = await fx.call('rank');
    expect(r.data.pinCode).toBe(330);
    expect(r.data.qualified).toEqual({
      py: '26/27',
      pinCode: 310,
      name: { zh: '银章', en: 'Silver Producer' },
      month: '2026-09',
      soFarPinCode: 310,
      qMonths: 1,
      q12: false,
    });
  });

  it('states each pin’s requirements as the engine’s ladder does: same conditions, same rule in words', async () => {
    const r = await fx.call('rank');
    const rules = rulesFor('26/27');
    type Judged = { conditions: { status?: unknown; reason?: unknown }[] };
    const facts = (r.data.pins as Judged[]).map((p) => ({ ...p, conditions: p.conditions.map(({ status: _s, reason: _r, ...c }) => c) }));
    expect(facts).toEqual(pinRequirements(r.data.counters, rules, 330));
    for (const p of r.data.pins as { pinCode: number; rule: unknown }[]) expect(p.rule).toEqual(pinRule(p.pinCode, rules));
    expect(r.data.pins.find((p: { pinCode: number }) => p.pinCode === 330).rule.en).toBe('6 SP months in the PY, 3 consecutive');
  });

  it('judges each condition with the engine: 12 legs with a frontline of 3 at risk while new legs can make it', async () => {
    const r = await fx.call('rank');
    type Cond = { key: string; met: boolean; status: string; reason: { en: string } | null };
    const dd = (r.data.pins as { pinCode: number; conditions: Cond[] }[]).find((p) => p.pinCode === 400)!;
    const legs = dd.conditions.find((c) => c.key === 'qualifiedLegs')!;
    // A leg sponsored in November can still be Q the months a qualified leg needs: never red yet.
    expect(legs.status).toBe('atRisk');
    expect(legs.reason).toBeNull();
    for (const p of r.data.pins as { conditions: Cond[] }[]) for (const c of p.conditions) expect(c.met).toBe(c.status === 'met');
  });

  it('saves a target pin idempotently, adjusts it, and refuses invalid pins without changing anything', async () => {
    expect((await fx.call('adjusttarget', { pinCode: 365 })).message).toMatch(/No target pin/);
    const set = await fx.call('settarget', { pinCode: 342 });
    expect(set.data).toMatchObject({ targetPin: 342, changed: true });
    const again = await fx.call('settarget', { pinCode: 342 });
    expect(again.data).toMatchObject({ targetPin: 342, changed: false, updatedAt: set.data.updatedAt });
    const adj = await fx.call('adjusttarget', { pinCode: 380 });
    expect(adj.data.targetPin).toBe(380);
    for (const [pin, msg] of [
      [999, /Unknown pin/],
      [320, /above your current pin/],
      [330, /above your current pin/],
    ] as const) {
      const bad = await fx.call('adjusttarget', { pinCode: pin });
      expect(bad.success).toBe(false);
      expect(bad.message).toMatch(msg);
    }
    expect((await fx.call('settarget', { pinCode: 'abc' })).success).toBe(false);
    expect((await fx.call('rank')).data.targetPin).toBe(380);
  });

  it('tops up to the next bracket and SP month with the engine', async () => {
    const r = await fx.call('topup');
    expect(r.data).toMatchObject({
      month: '2026-11',
      pgpv: 1800,
      bracket: 9,
      nextPercent: 12,
      pvForNextBracket: 200,
      pvForSp: 10000 - 1800,
    });
    expect(r.data.daysLeft).toBe(10);
  });

  it('counts the days left in the same month it shows, on the month’s last evening too', async () => {
    const today = fx.t.config.today;
    // 30 November, 20:00 in China: still November, one day left.
    fx.t.config.today = () => new Date('2026-11-30T20:00:00+08:00');
    try {
      const r = await fx.call('topup');
      expect(r.data.month).toBe('2026-11');
      expect(r.data.daysLeft).toBe(1);
      // 20:00 UTC is already 1 December in China: the business calendar, not the server's zone.
      fx.t.config.today = () => new Date('2026-11-30T20:00:00Z');
      const next = await fx.call('topup');
      expect(next.data.month).toBe('2026-12');
      expect(next.data.daysLeft).toBe(31);
    } finally {
      fx.t.config.today = today;
    }
  });

  it('saves a shop from the shop list and refuses unknown shops', async () => {
    expect((await fx.call('shop')).data.shop).toBeNull();
    const bad = await fx.call('setshop', { shopCode: 'NOPE1' });
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/Unknown shop/);
    expect((await fx.call('shop')).data.shop).toBeNull();
    const okr = await fx.call('setshop', { shopCode: 'SH001' });
    expect(okr.data.shop.code).toBe('SH001');
    // Target pin survives a shop change.
    expect((await fx.call('rank')).data.targetPin).toBe(380);
  });

  it('refuses another distributor’s data', async () => {
    const r = await fx.call('overview', {}, '10000001', { queryAda: '20000001' });
    expect(r.success).toBe(false);
  });

  it('lets staff read a distributor’s page through queryAda but not change their settings', async () => {
    const staff = await fx.t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff One' });
    const h = { channel: 'iinquiry', 'ada-token': staff.adaToken, jwks: staff.oktaIdTokenKey, queryAda: '10000001' };
    const send = (path: string, payload: object) =>
      fx.t.app.inject({ method: 'POST', url: `/bff/v1/achievement/${path}`, payload: { channel: 'iinquiry', ...payload }, headers: h });
    const read = (await send('rank', {})).json();
    expect(read.data.targetPin).toBe(380);
    // Names as the distributor sees them: their frontline in full, a stranger masked.
    expect((await send('composition', { month: '2026-11' })).json().data.legs[0].maskedName.zh).toBe('李四海');
    expect((await send('marketingstars', { month: '2026-10' })).json().data.stars[0].maskedName.zh).toBe('陈*强');
    const write = (await send('settarget', { pinCode: 390 })).json();
    expect(write.success).toBe(false);
    expect(write.message).toMatch(/Staff/);
    expect((await fx.call('rank')).data.targetPin).toBe(380);
  });
});
