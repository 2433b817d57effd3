import { describe, expect, it } from 'vitest';
import { accountKey, addressKey, ADDRESS_BUDGET_FACTOR, createSignInBudget } from './sign-in-budget.ts';

describe('sign-in budget', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('allows perAccount attempts a minute for one account, from any address', async () => {
    const c = clock();
    const budget = createSignInBudget({ perAccount: 3, now: c.now });
    expect(await budget.take('A', '192.0.2.1')).toEqual({ ok: true });
    expect(await budget.take('A', '192.0.2.2')).toEqual({ ok: true });
    expect(await budget.take('A', '192.0.2.3')).toEqual({ ok: true });
    expect(await budget.take('A', '192.0.2.4')).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 60 });
    c.advance(59_001);
    expect(await budget.take('A', '192.0.2.4')).toEqual({ ok: false, limitedBy: 'account', retryAfterSeconds: 1 });
    c.advance(1_000);
    expect(await budget.take('A', '192.0.2.4')).toEqual({ ok: true });
  });

  it('gives an address 5 times an account budget, over all accounts', async () => {
    const budget = createSignInBudget({ perAccount: 2, now: clock().now });
    for (let i = 0; i < 2 * ADDRESS_BUDGET_FACTOR; i++) expect((await budget.take(`user${i}`, '192.0.2.1')).ok).toBe(true);
    expect(await budget.take('another', '192.0.2.1')).toMatchObject({ ok: false, limitedBy: 'address' });
    expect((await budget.take('another', '192.0.2.2')).ok).toBe(true);
  });

  it('does not charge the address for attempts on a locked account (one guesser does not lock a NAT)', async () => {
    const budget = createSignInBudget({ perAccount: 2, perAddress: 4, now: clock().now });
    await budget.take('victim', '192.0.2.1');
    await budget.take('victim', '192.0.2.1');
    for (let i = 0; i < 100; i++) expect(await budget.take('victim', '192.0.2.1')).toMatchObject({ ok: false, limitedBy: 'account' });
    expect((await budget.take('colleague', '192.0.2.1')).ok).toBe(true);
    expect((await budget.take('colleague', '192.0.2.1')).ok).toBe(true);
    expect(await budget.take('third', '192.0.2.1')).toMatchObject({ ok: false, limitedBy: 'address' });
  });

  it('normalises account names and groups IPv6 clients by /64', async () => {
    expect(accountKey('  Staff01 ')).toBe('staff01');
    expect(accountKey('１０００００００１')).toBe('100000001'); // full-width digits
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));

    const budget = createSignInBudget({ perAccount: 1, perAddress: 1, now: clock().now });
    expect((await budget.take('Staff01', '2001:db8::1')).ok).toBe(true);
    expect(await budget.take(' staff01', '192.0.2.9')).toMatchObject({ ok: false, limitedBy: 'account' });
    expect(await budget.take('other', '2001:db8::ffff')).toMatchObject({ ok: false, limitedBy: 'address' });
  });

  it('keeps memory bounded: at most maxEntries counters of each kind', async () => {
    const c = clock();
    const budget = createSignInBudget({ perAccount: 1, perAddress: 1_000_000, maxEntries: 100, now: c.now });
    for (let i = 0; i < 10_000; i++) await budget.take(`user${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect(budget.size).toBeLessThanOrEqual(200);
    // The most recently charged stay: the last account is still counted.
    expect(await budget.take('user9999', '192.0.2.1')).toMatchObject({ ok: false, limitedBy: 'account' });
  });
});
