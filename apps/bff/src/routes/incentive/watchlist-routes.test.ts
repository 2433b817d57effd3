// The market watchlist (contract watchlist.ts): star and unstar by row reference, idempotent;
// the list shows each leg's gap to Q as member tracking does; a private note; refused for anyone
// outside the viewer's market, for staff and for a leader reading through queryAda.
import { beforeEach, describe, expect, it } from 'vitest';
import { Code, WATCH_MAX, WATCH_NOTE_MAX, type MemberRow, type WatchRow } from '@abo/contract';
import { loadProfile } from '../../idp/profile.ts';
import { insertDistributor, insertStaff } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/suite-app.ts';
import { useMarketApp } from './market.test-support.ts';

describe('market watchlist (/bff/v1/incentive/market/watch*)', () => {
  const fx = useMarketApp();
  const refOf = async (as: string, ada: string) => {
    const rows = (await fx.call('members', as, { pageSize: 100 })).json().data.rows as MemberRow[];
    const mask = `${ada.slice(0, 3)}******${ada.slice(-2)}`;
    return rows.find((r) => r.maskedAda === mask)!;
  };
  const list = async (as = '10000002', extra: Record<string, string> = {}) => (await fx.call('watchlist', as, {}, extra)).json();
  const staffHeaders = async (queryAda: string) => {
    const staff = await fx.t.app.tokens.issueStaff({ username: 'staff01', fullName: 'Staff' });
    return { channel: 'iinquiry', jwks: staff.oktaIdTokenKey, 'ada-token': staff.adaToken, queryAda };
  };

  beforeEach(async () => {
    await fx.t.db.deleteFrom('watchlist').execute();
  });

  it('starts empty, with the limits', async () => {
    expect(await list()).toMatchObject({
      code: 0,
      data: { py: '26/27', month: '2026-11', qThreshold: 10000, max: WATCH_MAX, noteMax: WATCH_NOTE_MAX, rows: [] },
    });
  });

  it('stars a leg: the list shows the gap to Q that member tracking shows (the pages agree)', async () => {
    const member = await refOf('10000002', '20000041');
    const res = (await fx.call('watch', '10000002', { ref: member.ref, watched: true })).json();
    expect(res).toEqual({ code: 0, message: expect.any(String), success: true, data: { ref: member.ref, watched: true, count: 1 } });
    const d = (await list()).data;
    expect(d.rows).toHaveLength(1);
    const row = d.rows[0] as WatchRow;
    expect(row).toEqual({
      ref: member.ref,
      maskedName: member.maskedName,
      maskedAda: '200******41',
      pinCode: member.pinCode,
      joinDate: member.joinDate,
      level: 2,
      gpv: member.gpv,
      pgpv: member.pgpv,
      bracket: member.bracket,
      isQ: member.isQ,
      pvToQ: member.pvToQ,
      progressPct: 45,
      note: '',
    });
    expect(row.pvToQ).toBe(5500);
    // A second-level member: masked as everywhere else.
    expect(row.maskedName.zh).toBe('钱*一');
    expect(JSON.stringify(d)).not.toContain('20000041');
  });

  it('lists those still short first, the smallest gap first, and those already Q last', async () => {
    for (const ada of ['20000001', '20000003', '20000012', '20000002']) {
      const { ref } = await refOf('10000002', ada);
      expect((await fx.call('watch', '10000002', { ref, watched: true })).json().code).toBe(0);
    }
    const rows = (await list()).data.rows as WatchRow[];
    expect(rows.map((r) => [r.maskedAda, r.isQ, r.pvToQ])).toEqual([
      ['200******02', false, 2000],
      ['200******03', false, 3500],
      ['200******12', false, 9300],
      ['200******01', true, 0],
    ]);
  });

  it('is idempotent: starring twice keeps one star and its note, unstarring twice is the same as once', async () => {
    const { ref } = await refOf('10000002', '20000003');
    await fx.call('watch', '10000002', { ref, watched: true });
    await fx.call('watchNote', '10000002', { ref, note: 'call on Friday' });
    const again = (await fx.call('watch', '10000002', { ref, watched: true })).json();
    expect(again.data).toEqual({ ref, watched: true, count: 1 });
    expect((await list()).data.rows.map((r: WatchRow) => r.note)).toEqual(['call on Friday']);

    const off = (await fx.call('watch', '10000002', { ref, watched: false })).json();
    expect(off.data).toEqual({ ref, watched: false, count: 0 });
    const offAgain = (await fx.call('watch', '10000002', { ref, watched: false })).json();
    expect(offAgain).toMatchObject({ code: 0, data: { watched: false, count: 0 } });
    expect((await list()).data.rows).toEqual([]);
    // The note went with the star.
    await fx.call('watch', '10000002', { ref, watched: true });
    expect((await list()).data.rows[0].note).toBe('');
  });

  it('saves a note trimmed, refuses one too long or with control characters, and one for a member not starred', async () => {
    const { ref } = await refOf('10000002', '20000002');
    const early = (await fx.call('watchNote', '10000002', { ref, note: 'hello' })).json();
    expect(early).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    await fx.call('watch', '10000002', { ref, watched: true });

    const saved = (await fx.call('watchNote', '10000002', { ref, note: '  下周一起拜访顾客  ' })).json();
    expect(saved).toMatchObject({ code: 0, data: { ref, note: '下周一起拜访顾客' } });
    const full = '字'.repeat(WATCH_NOTE_MAX);
    expect((await fx.call('watchNote', '10000002', { ref, note: ` ${full} ` })).json()).toMatchObject({ code: 0, data: { note: full } });
    const long = (await fx.call('watchNote', '10000002', { ref, note: `${full}多` })).json();
    expect(long).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringMatching(/200/) });
    const control = (await fx.call('watchNote', '10000002', { ref, note: 'a\u0000b' })).json();
    expect(control).toMatchObject({ code: Code.BAD_REQUEST, success: false });
    // A right-to-left override would show "see 10000004" as "40000001 ees" beside the row.
    for (const note of ['see \u202E10000004', 'a\u2066b\u2069', 'zero\u200Bwidth']) {
      const bidi = (await fx.call('watchNote', '10000002', { ref, note })).json();
      expect(bidi, note).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringMatching(/format characters/) });
    }
    // Line breaks are kept; the refused notes changed nothing.
    expect((await list()).data.rows[0].note).toBe(full);
    expect((await fx.call('watchNote', '10000002', { ref, note: 'line one\nline two' })).json().code).toBe(0);
    expect((await list()).data.rows[0].note).toBe('line one\nline two');
    // An empty note clears it.
    expect((await fx.call('watchNote', '10000002', { ref, note: '   ' })).json()).toMatchObject({ code: 0, data: { note: '' } });
  });

  it('keeps a list and its notes to their owner', async () => {
    const { ref } = await refOf('10000002', '20000011');
    await fx.call('watch', '10000002', { ref, watched: true });
    await fx.call('watchNote', '10000002', { ref, note: 'private' });
    // 20000011 is in 20000001's market too, but 20000001 starred nothing.
    expect((await list('20000001')).data.rows).toEqual([]);
    // A leader reading a member's pages through queryAda does not read their watchlist.
    const byLeader = await list('10000002', { queryAda: '20000001' });
    expect(byLeader).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
  });

  it('refuses a reference outside the market without telling whether it exists', async () => {
    const outsider = (await fx.call('watch', '10000002', { ref: 'm8', watched: true })).json();
    const nobody = (await fx.call('watch', '10000002', { ref: 'm999', watched: true })).json();
    const self = (await fx.call('watch', '10000002', { ref: 'm0', watched: true })).json();
    const sibling = (await fx.call('watch', '20000001', { ref: 'm4', watched: true })).json();
    for (const res of [outsider, nobody, self, sibling]) expect(res).toMatchObject({ code: Code.FORBIDDEN, success: false, data: null });
    expect(nobody.message).toBe(outsider.message);
    const note = (await fx.call('watchNote', '10000002', { ref: 'm999', note: 'x' })).json();
    expect(note).toEqual({ ...outsider, message: outsider.message });
    expect((await fx.call('watch', '10000002', { ref: '20000001', watched: true })).json()).toMatchObject({ code: Code.BAD_REQUEST });
    expect(await fx.t.db.selectFrom('watchlist').selectAll().execute()).toEqual([]);
  });

  it('lets staff read a distributor’s watchlist (audited) and change nothing; a leader through queryAda neither', async () => {
    const { ref } = await refOf('10000002', '20000004');
    await fx.call('watch', '10000002', { ref, watched: true });
    const h = await staffHeaders('10000002');
    const read = (await fx.call('watchlist', '10000002', {}, h)).json();
    expect(read).toMatchObject({ code: 0, data: { rows: [{ ref, maskedAda: '200******04' }] } });
    const audit = await fx.t.db
      .selectFrom('audit_log')
      .select(['actor', 'subject_ada', 'action'])
      .where('actor', '=', 'staff01')
      .where('action', '=', 'POST /bff/v1/incentive/market/watchlist')
      .execute();
    expect(audit).toContainEqual({ actor: 'staff01', subject_ada: '10000002', action: 'POST /bff/v1/incentive/market/watchlist' });

    for (const [path, body] of [
      ['watch', { ref, watched: false }],
      ['watchNote', { ref, note: 'staff note' }],
    ] as const) {
      expect((await fx.call(path, '10000002', body, h)).json()).toMatchObject({ code: Code.FORBIDDEN, success: false });
      expect((await fx.call(path, '10000002', body, { queryAda: '20000004' })).json()).toMatchObject({ code: Code.FORBIDDEN });
    }
    expect((await list()).data.rows).toMatchObject([{ ref, note: '' }]);
  });
});

describe('market watchlist: the cap on stars', () => {
  const headers: Record<string, string> = {};
  const fx = useTestApp(async (t) => {
    // A leader with WATCH_MAX + 30 frontline members.
    const n = WATCH_MAX + 30;
    await insertDistributor(t.db, '10000009', { tree_pos: 0, tree_size: n + 1, depth: 0 });
    for (let k = 1; k <= n; k++) {
      await insertDistributor(t.db, String(40000000 + k), { sponsor_ada: '10000009', tree_pos: k, tree_size: 1, depth: 1 });
    }
    await insertStaff(t.db, 'staff01');
    const tokens = await t.app.tokens.issue((await loadProfile(t.db, '10000009'))!);
    Object.assign(headers, { 'idaas-accesstoken': tokens.accessToken, 'idaas-idtoken': tokens.idToken });
  });
  const watch = (ref: string, watched = true) =>
    fx.t.app.inject({
      method: 'POST',
      url: '/bff/v1/incentive/market/watch',
      headers,
      payload: { channel: 'ebiz', loginada: '10000009', ref, watched },
    });

  it(`stars up to ${WATCH_MAX} members and refuses one more with a clear message, until one is unstarred`, async () => {
    for (let k = 1; k <= WATCH_MAX; k++) expect((await watch(`m${k}`)).json().code).toBe(0);
    const over = (await watch(`m${WATCH_MAX + 1}`)).json();
    expect(over).toMatchObject({ code: Code.BAD_REQUEST, success: false, message: expect.stringContaining(`at most ${WATCH_MAX}`) });
    // Starring one already starred is still fine at the cap.
    expect((await watch('m1')).json()).toMatchObject({ code: 0, data: { count: WATCH_MAX } });
    expect((await watch('m1', false)).json()).toMatchObject({ code: 0, data: { count: WATCH_MAX - 1 } });
    expect((await watch(`m${WATCH_MAX + 1}`)).json()).toMatchObject({ code: 0, data: { count: WATCH_MAX } });
  });

  it(`holds the cap when ${WATCH_MAX + 30} stars arrive at once`, async () => {
    await fx.t.db.deleteFrom('watchlist').execute();
    const answers = await Promise.all(Array.from({ length: WATCH_MAX + 30 }, (_, k) => watch(`m${k + 1}`)));
    const codes = answers.map((a) => a.json().code as number);
    expect(codes.filter((c) => c === 0)).toHaveLength(WATCH_MAX);
    expect(codes.filter((c) => c === Code.BAD_REQUEST)).toHaveLength(30);
    expect(await fx.t.db.selectFrom('watchlist').select('member_ada').where('ada', '=', '10000009').execute()).toHaveLength(WATCH_MAX);
  });
});
