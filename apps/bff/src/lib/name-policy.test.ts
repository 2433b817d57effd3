import { describe, expect, it } from 'vitest';
import { nameFor, nameTextFor, nameViewerOf, ownAdaFor, showsInFull } from './name-policy.ts';

const LEADER = '10000002';
const FRONTLINE = { ada: '20000001', sponsorAda: LEADER, nameZh: '陈志强', nameEn: 'Chen Zhiqiang' };
const SECOND = { ada: '20000011', sponsorAda: '20000001', nameZh: '欧阳明月', nameEn: 'Ouyang Mingyue' };
const UPLINE = { ada: '10000000', sponsorAda: null, nameZh: '李明', nameEn: 'Li Ming' };
const SELF = { ada: LEADER, sponsorAda: UPLINE.ada, nameZh: '王大钻石', nameEn: 'Wang Dazuanshi' };

describe('name policy', () => {
  it('shows the viewer and the viewer’s frontline in full, everyone else masked', () => {
    const viewer = { ada: LEADER };
    expect(nameFor(viewer, SELF)).toEqual({ nameZh: '王大钻石', nameEn: 'Wang Dazuanshi' });
    expect(nameFor(viewer, FRONTLINE)).toEqual({ nameZh: '陈志强', nameEn: 'Chen Zhiqiang' });
    expect(nameFor(viewer, SECOND)).toEqual({ nameZh: '欧阳**', nameEn: 'Ouyang M***' });
    expect(nameFor(viewer, UPLINE)).toEqual({ nameZh: '李*', nameEn: 'Li M***' });
    expect(nameFor(viewer, { ...FRONTLINE, sponsorAda: null })).toEqual({ nameZh: '陈*强', nameEn: 'Chen Z***' });
  });

  it('uses a precomputed mask only for names it masks', () => {
    const masked = () => ({ nameZh: 'cached', nameEn: 'cached' });
    expect(nameFor({ ada: LEADER }, SECOND, masked).nameZh).toBe('cached');
    expect(nameFor({ ada: LEADER }, FRONTLINE, masked).nameZh).toBe('陈志强');
  });

  it('gives answers both names, the Chinese one in English too where the person has no Latin name', () => {
    const viewer = { ada: LEADER };
    expect(nameTextFor(viewer, FRONTLINE)).toEqual({ zh: '陈志强', en: 'Chen Zhiqiang' });
    expect(nameTextFor(viewer, SECOND)).toEqual({ zh: '欧阳**', en: 'Ouyang M***' });
    expect(nameTextFor(viewer, { ...FRONTLINE, nameEn: '' })).toEqual({ zh: '陈志强', en: '陈志强' });
    expect(nameTextFor(viewer, { ...SECOND, nameEn: ' ' })).toEqual({ zh: '欧阳**', en: '欧阳**' });
  });

  it('shows nobody in full to a viewer without an ADA', () => {
    expect(showsInFull({ ada: '' }, { ada: '', sponsorAda: null })).toBe(false);
    expect(showsInFull({ ada: '' }, { ada: 'x', sponsorAda: '' })).toBe(false);
  });

  it('takes the signed-in distributor as the viewer, also through queryAda; staff see the distributor’s view', () => {
    expect(nameViewerOf({ actor: LEADER, ada: LEADER, channel: 'wec', staff: false })).toEqual({ ada: LEADER });
    // A leader reading a member's page: the leader's frontline, not the member's.
    expect(nameViewerOf({ actor: LEADER, ada: FRONTLINE.ada, channel: 'wec', staff: false })).toEqual({ ada: LEADER });
    expect(nameViewerOf({ actor: 'staff01', ada: LEADER, channel: 'iinquiry', staff: true })).toEqual({ ada: LEADER });
  });

  it('shows the distributor’s own ADA whole to staff only; every other ADA masked', () => {
    expect(ownAdaFor({ staff: true, ada: LEADER }, LEADER)).toBe(LEADER);
    expect(ownAdaFor({ staff: true, ada: LEADER }, FRONTLINE.ada)).toBe('200******01');
    expect(ownAdaFor({ staff: false, ada: LEADER }, LEADER)).toBe('100******02');
  });
});
