import { beforeEach, describe, expect, it } from 'vitest';
import { logout, setSession } from '../../lib/storage.ts';
import { clearLookups, RECENT_LOOKUPS_MAX, recentLookups, rememberLookup, staffAccount } from './recent-lookups.ts';

/** An unsigned token whose payload names `sub` (the client only reads it; the BFF verifies it). */
const tokenFor = (sub: string) => `x.${btoa(JSON.stringify({ sub, staff: true })).replace(/=+$/, '')}.y`;

describe('recent look-ups, kept per staff account', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setSession('channel', 'iinquiry');
    setSession('adaToken', tokenFor('staff01'));
  });

  it('keeps the newest first, once each, at most a few, under the app prefix', () => {
    expect(staffAccount()).toBe('staff01');
    rememberLookup({ ada: '10000004', name: '张建国' });
    rememberLookup({ ada: '10000001', name: '王芳' });
    rememberLookup({ ada: '10000004', name: '张建国' });
    expect(recentLookups()).toEqual([
      { ada: '10000004', name: '张建国' },
      { ada: '10000001', name: '王芳' },
    ]);
    expect(Object.keys(localStorage)).toEqual(['abo-inquiry:staff:recent:staff01']);
    for (let i = 0; i < RECENT_LOOKUPS_MAX + 3; i++) rememberLookup({ ada: `2000000${i}`, name: `n${i}` });
    expect(recentLookups()).toHaveLength(RECENT_LOOKUPS_MAX);
  });

  it('another staff account on the same browser sees its own list; logout and clear empty it', () => {
    rememberLookup({ ada: '10000004', name: '张建国' });
    setSession('adaToken', tokenFor('staff02'));
    expect(recentLookups()).toEqual([]);
    rememberLookup({ ada: '10000001', name: '王芳' });
    clearLookups();
    expect(recentLookups()).toEqual([]);
    setSession('adaToken', tokenFor('staff01'));
    expect(recentLookups()).toHaveLength(1);
    logout();
    setSession('adaToken', tokenFor('staff01'));
    expect(recentLookups()).toEqual([]);
  });

  it('reads a tampered value as empty, and keeps nothing without a staff token', () => {
    localStorage.setItem('abo-inquiry:staff:recent:staff01', '{"not":"a list"}');
    expect(recentLookups()).toEqual([]);
    sessionStorage.removeItem('adaToken');
    rememberLookup({ ada: '10000004', name: '张建国' });
    expect(recentLookups()).toEqual([]);
  });
});
