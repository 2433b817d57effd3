import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StorageNamespace from './storage.ts';

type StorageModule = typeof StorageNamespace;
let storage: StorageModule;

beforeEach(async () => {
  // A fresh module per test: the in-memory fallback must not leak between tests.
  vi.resetModules();
  storage = await import('./storage.ts');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const userInfo = { ada: '10000001', amway_id: 'A1', amway_user_type: 'ABO', fullName: '张三丰', pinCode: 30 };

describe('session storage keys (docs/contract.md §3)', () => {
  it('uses exactly the spec key names', () => {
    expect([...storage.SESSION_KEYS].sort()).toEqual(
      [
        'accessToken',
        'idToken',
        'channel',
        'loginAda',
        'UserInfo',
        'SID',
        'appVersion',
        '_sessionToken',
        'adaToken',
        'oktaIdTokenKey',
        'oktaIdToken',
        'descriptionPageList',
      ].sort(),
    );
  });

  it('stores plain values under the spec keys as they are', () => {
    storage.setSession('accessToken', 'at');
    storage.setSession('idToken', 'it');
    storage.setSession('SID', 's-1');
    storage.setSession('appVersion', '6.2.0');
    expect(sessionStorage.getItem('accessToken')).toBe('at');
    expect(sessionStorage.getItem('idToken')).toBe('it');
    expect(sessionStorage.getItem('SID')).toBe('s-1');
    expect(storage.getSession('appVersion')).toBe('6.2.0');
  });

  it('stores the channel lower-cased', () => {
    storage.setSession('channel', 'EBiz');
    expect(sessionStorage.getItem('channel')).toBe('ebiz');
    expect(storage.getSession('channel')).toBe('ebiz');
  });

  it('stores UserInfo, _sessionToken and descriptionPageList as JSON', () => {
    storage.setSession('UserInfo', userInfo);
    storage.setSession('_sessionToken', ['t1', 't2']);
    storage.setSession('descriptionPageList', [{ code: 'A1', title: 'About' }]);
    expect(JSON.parse(sessionStorage.getItem('UserInfo')!)).toEqual(userInfo);
    expect(sessionStorage.getItem('_sessionToken')).toBe('["t1","t2"]');
    expect(storage.getSession('UserInfo')).toEqual(userInfo);
    expect(storage.getSession('descriptionPageList')).toEqual([{ code: 'A1', title: 'About' }]);
  });

  it('reads values written by other code (the same raw format)', () => {
    sessionStorage.setItem('_sessionToken', '["abc"]');
    sessionStorage.setItem('loginAda', '10000001');
    expect(storage.getSession('_sessionToken')).toEqual(['abc']);
    expect(storage.getSession('loginAda')).toBe('10000001');
  });

  it('reads a missing, corrupt or wrongly shaped value as null', () => {
    expect(storage.getSession('accessToken')).toBeNull();
    sessionStorage.setItem('UserInfo', '{not json');
    sessionStorage.setItem('_sessionToken', '[1,2]');
    sessionStorage.setItem('descriptionPageList', '[{"title":"no code"}]');
    expect(storage.getSession('UserInfo')).toBeNull();
    expect(storage.getSession('_sessionToken')).toBeNull();
    expect(storage.getSession('descriptionPageList')).toBeNull();
  });

  it('keeps queryAda (beyond docs/contract.md §3) apart from the contract keys', () => {
    expect(storage.EXTRA_SESSION_KEYS).toEqual(['queryAda']);
    expect(storage.SESSION_KEYS).not.toContain('queryAda');
    storage.setSession('queryAda', '20000002');
    expect(sessionStorage.getItem('queryAda')).toBe('20000002');
    storage.logout();
    expect(storage.getSession('queryAda')).toBeNull();
  });

  it('removes a key', () => {
    storage.setSession('oktaIdToken', 'x');
    storage.removeSession('oktaIdToken');
    expect(sessionStorage.getItem('oktaIdToken')).toBeNull();
  });

  it('remembers used session tokens once each', () => {
    expect(storage.isSessionTokenUsed('t1')).toBe(false);
    storage.markSessionTokenUsed('t1');
    storage.markSessionTokenUsed('t1');
    storage.markSessionTokenUsed('t2');
    expect(storage.isSessionTokenUsed('t1')).toBe(true);
    expect(storage.getSession('_sessionToken')).toEqual(['t1', 't2']);
  });
});

describe('logout (docs/contract.md §4)', () => {
  it('clears local and session storage but keeps _sessionToken and channel', () => {
    storage.setSession('accessToken', 'at');
    storage.setSession('idToken', 'it');
    storage.setSession('UserInfo', userInfo);
    storage.setSession('adaToken', 'ada');
    storage.setSession('channel', 'wec');
    storage.setSession('_sessionToken', ['used']);
    sessionStorage.setItem('somethingElse', '1');
    localStorage.setItem('lang', 'en-US');
    localStorage.setItem('cache', 'x');

    storage.logout();

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(2);
    expect(sessionStorage.getItem('channel')).toBe('wec');
    expect(sessionStorage.getItem('_sessionToken')).toBe('["used"]');
    expect(storage.getSession('accessToken')).toBeNull();
    expect(storage.getSession('UserInfo')).toBeNull();
  });

  it('works when nothing is kept', () => {
    storage.setSession('accessToken', 'at');
    storage.logout();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('when storage throws (Safari private mode, blocked storage)', () => {
  it('keeps working in memory when writes throw', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => storage.setSession('accessToken', 'at')).not.toThrow();
    storage.setSession('UserInfo', userInfo);
    expect(storage.getSession('accessToken')).toBe('at');
    expect(storage.getSession('UserInfo')).toEqual(userInfo);
  });

  it('never returns a stale stored value behind a newer one kept in memory', () => {
    sessionStorage.setItem('idToken', 'old');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    storage.setSession('idToken', 'new');
    expect(storage.getSession('idToken')).toBe('new');
  });

  it('keeps working when the storage object itself cannot be reached', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      storage.setSession('channel', 'CA');
      storage.setSession('accessToken', 'at');
      storage.markSessionTokenUsed('t1');
      expect(storage.getSession('channel')).toBe('ca');
      expect(storage.isSessionTokenUsed('t1')).toBe(true);
      expect(() => storage.logout()).not.toThrow();
      expect(storage.getSession('accessToken')).toBeNull();
      expect(storage.getSession('channel')).toBe('ca');
      expect(storage.getSession('_sessionToken')).toEqual(['t1']);
    } finally {
      Object.defineProperty(window, 'sessionStorage', descriptor);
    }
  });

  it('reads as empty when reads throw', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storage.getSession('accessToken')).toBeNull();
    expect(storage.isSessionTokenUsed('t')).toBe(false);
  });
});
