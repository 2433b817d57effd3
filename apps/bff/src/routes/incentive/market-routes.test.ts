import { describe, expect, it } from 'vitest';
import { Code, type LocalText } from '@abo/contract';
import { TREE, useMarketApp } from './market.test-support.ts';

describe('market pages (/bff/v1/incentive/market/*): partners, details and copies', () => {
  const fx = useMarketApp();

  it('lists frontline partners with how far each is from Q this month', async () => {
    const res = await fx.call('partners', '10000002', { view: 'monthly' });
    const body = res.json();
    expect(body).toMatchObject({ code: 0, success: true });
    const d = body.data;
    expect(d).toMatchObject({ py: '26/27', month: '2026-11', monthOpen: true, qThreshold: 10000, frontlineCount: 4 });
    expect(d.months).toHaveLength(12);
    expect(d.rows.map((r: { pgpv: number }) => r.pgpv)).toEqual([10100, 8000, 6500, 100]);
    const [first, second] = d.rows;
    expect(first).toMatchObject({ isQ: true, pvToQ: 0, qMonthsPy: 3, bracket: 21, level: 1 });
    expect(first.qByMonth.slice(0, 4)).toEqual([true, true, true, null]);
    expect(second).toMatchObject({ isQ: false, pvToQ: 2000, progressPct: 80, qMonthsPy: 1, keyReason: 'slipping' });
    expect(second.trend).toEqual([0, 0, 0, 3000, 10200, 8000]);
    expect(d.summary).toEqual({ qThisMonth: 1, nearQ: 2, sixPlus: 0 });
  });

  it('masks every ADA and names the frontline in full, for the viewer only', async () => {
    const res = await fx.call('partners', '10000002', { view: 'annual' });
    const text = res.body;
    // (The fixture's English names are "Member <ada>": the frontline's are shown in full.)
    for (const [ada] of TREE.slice(1)) expect(text.replace(/Member \d{8}/g, '')).not.toContain(ada);
    const row = res.json().data.rows.find((r: { maskedAda: string }) => r.maskedAda === '200******01');
    expect(row).toMatchObject({ maskedName: { zh: '李一号伙伴', en: 'Member 20000001' } });
    // The same partners page of 20000001 read by their upline through queryAda: not the upline's frontline.
    const byLeader = (await fx.call('partners', '10000002', { view: 'annual' }, { queryAda: '20000001' })).json().data;
    expect(byLeader.rows.map((r: { maskedName: LocalText }) => [r.maskedName.zh, r.maskedName.en]).sort()).toEqual([
      ['李*一', 'Member 2***'],
      ['李一***', 'Member 2***'],
    ]);
    const own = (await fx.call('partners', '20000001', { view: 'annual' })).json().data;
    expect(own.rows.map((r: { maskedName: LocalText }) => r.maskedName.zh).sort()).toEqual(['李一一', '李一二新人']);
  });

  it('picks key coaching partners: near Q or slipping this month, or able to reach 6 Q months', async () => {
    const monthly = (await fx.call('partners', '10000002', { view: 'keyMonthly' })).json().data;
    expect(monthly.rows.map((r: { pgpv: number; keyReason: string }) => [r.pgpv, r.keyReason])).toEqual([
      [8000, 'slipping'],
      [6500, 'nearQ'],
    ]);
    const annual = (await fx.call('partners', '10000002', { view: 'keyAnnual' })).json().data;
    // 3 Q months (needs 3 of the 9 months left) and 1 Q month (needs 5).
    expect(annual.rows.map((r: { qMonthsToSix: number }) => r.qMonthsToSix)).toEqual([3, 5]);
  });

  it('refuses a month outside the current PY', async () => {
    const res = await fx.call('partners', '10000002', { month: '2026-12' });
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, success: false });
  });

  it('shows a downline member in market details by reference, and audits it', async () => {
    const list = (await fx.call('partners', '10000002')).json().data;
    const ref = list.rows[0].ref as string;
    const res = (await fx.call('details', '10000002', { ref })).json();
    expect(res).toMatchObject({ code: 0 });
    const d = res.data;
    expect(d.self).toBe(false);
    expect(d.member).toMatchObject({
      maskedAda: '200******01',
      level: 1,
      downlineSize: 2,
      frontlineCount: 2,
      // The member is the viewer's frontline and the sponsor the viewer: both in full.
      maskedName: { zh: '李一号伙伴' },
      sponsorMaskedName: { zh: '王大钻石', en: 'Member 10000002' },
    });
    // The member's own frontline is the viewer's second level: masked.
    expect(d.legs.map((l: { maskedName: LocalText }) => l.maskedName.zh)).toEqual(['李*一', '李一***']);
    expect(d.months.map((m: { pgpv: number }) => m.pgpv)).toEqual([12000, 10500, 10100]);
    expect(d.qMonthsPy).toBe(3);
    expect(d.legs.map((l: { pgpv: number; level: number }) => [l.pgpv, l.level])).toEqual([
      [2100, 2],
      [700, 2],
    ]);
    expect(JSON.stringify(d)).not.toContain('20000011');
    const audit = await fx.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor', '=', '10000002')
      .where('subject_ada', '=', '20000001')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('shows a downline member by queryAda, and refuses anyone outside the downline', async () => {
    const ok = (await fx.call('details', '10000002', {}, { queryAda: '20000041' })).json();
    expect(ok).toMatchObject({
      code: 0,
      data: {
        member: {
          maskedAda: '200******41',
          level: 2,
          maskedName: { zh: '钱*一', en: 'Member 2***' },
          // The sponsor is the viewer's frontline: in full, in Latin letters too.
          sponsorMaskedName: { zh: '钱四号伙伴', en: 'Member 20000004' },
        },
      },
    });
    // Their own details: their name in full, their sponsor (an upline) masked.
    const self = (await fx.call('details', '20000001')).json().data;
    expect(self).toMatchObject({
      self: true,
      member: { maskedName: { zh: '李一号伙伴' }, sponsorMaskedName: { zh: '王大**', en: 'Member 1***' } },
    });
    expect(self.legs.map((l: { maskedName: LocalText }) => l.maskedName.zh)).toEqual(['李一一', '李一二新人']);

    const outsider = (await fx.call('details', '10000002', {}, { queryAda: '30000001' })).json();
    expect(outsider).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
    const upline = (await fx.call('details', '20000001', {}, { queryAda: '10000002' })).json();
    expect(upline).toMatchObject({ code: Code.FORBIDDEN, success: false });
    // A reference to someone else's market is refused the same way.
    const foreignRef = (await fx.call('details', '10000002', { ref: 'm8' })).json();
    expect(foreignRef).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const siblingRef = (await fx.call('details', '20000001', { ref: 'm4' })).json();
    expect(siblingRef).toMatchObject({ code: Code.FORBIDDEN, success: false });
    const membersOfOther = (await fx.call('members', '20000001', {}, { queryAda: '20000002' })).json();
    expect(membersOfOther).toMatchObject({ code: Code.FORBIDDEN });
    const badRef = (await fx.call('details', '10000002', { ref: '20000001' })).json();
    expect(badRef).toMatchObject({ code: Code.BAD_REQUEST });
  });

  it('finds downline members who repeated a qualification', async () => {
    const d = (await fx.call('copies', '10000002')).json().data;
    expect(d).toMatchObject({ py: '26/27', lastPy: '25/26' });
    expect(d.totals).toEqual({ streak: 1, repeatYear: 1 });
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]).toMatchObject({
      maskedAda: '200******01',
      maskedName: { zh: '李一号伙伴' },
      qMonthsPy: 3,
      qMonthsLastPy: 1,
      longestRun: 4,
      currentRun: 4,
      repeatedYear: true,
    });
  });

  it('shows an empty market for a member without downline', async () => {
    const d = (await fx.call('members', '30000001')).json().data;
    expect(d).toMatchObject({ total: 0, downlineSize: 0, rows: [] });
    const p = (await fx.call('partners', '30000001')).json().data;
    expect(p).toMatchObject({ frontlineCount: 0, rows: [] });
  });
});
