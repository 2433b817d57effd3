import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.ts';

/** A China-time instant (UTC+8) as a Date. */
const china = (local: string) => new Date(`${local}+08:00`);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('quietUntil', () => {
  it('holds nothing without quiet hours, or with an empty window', () => {
    expect(quietUntil(china('2026-11-21T23:00:00'), null)).toBeNull();
    expect(quietUntil(china('2026-11-21T23:00:00'), { from: '08:00', to: '08:00' })).toBeNull();
  });

  it('a window across midnight (22:00–08:00): the evening ends tomorrow at 08:00, the morning today', () => {
    const q = { from: '22:00', to: '08:00' };
    expect(iso(quietUntil(china('2026-11-21T22:30:00'), q))).toBe(iso(china('2026-11-22T08:00:00')));
    expect(iso(quietUntil(china('2026-11-22T03:15:00'), q))).toBe(iso(china('2026-11-22T08:00:00')));
    expect(quietUntil(china('2026-11-22T12:00:00'), q)).toBeNull();
  });

  it('a window within the day (12:00–14:00)', () => {
    const q = { from: '12:00', to: '14:00' };
    expect(iso(quietUntil(china('2026-11-21T13:59:59'), q))).toBe(iso(china('2026-11-21T14:00:00')));
    expect(quietUntil(china('2026-11-21T11:59:59'), q)).toBeNull();
    expect(quietUntil(china('2026-11-21T14:00:00'), q)).toBeNull();
  });

  it('boundaries: `from` is quiet, `to` is not, the minute before `from` is not', () => {
    const q = { from: '22:00', to: '08:00' };
    expect(iso(quietUntil(china('2026-11-21T22:00:00'), q))).toBe(iso(china('2026-11-22T08:00:00')));
    expect(quietUntil(china('2026-11-21T21:59:59.999'), q)).toBeNull();
    expect(quietUntil(china('2026-11-22T08:00:00'), q)).toBeNull();
    expect(iso(quietUntil(china('2026-11-22T07:59:59.999'), q))).toBe(iso(china('2026-11-22T08:00:00')));
    // Midnight itself, China time (16:00 UTC the day before).
    expect(iso(quietUntil(new Date('2026-11-21T16:00:00Z'), q))).toBe('2026-11-22T00:00:00.000Z');
  });

  it('counts China time whatever the UTC date says: 23:30 in Beijing is 15:30 UTC the same day', () => {
    const q = { from: '23:00', to: '06:30' };
    expect(iso(quietUntil(new Date('2026-11-21T15:30:00Z'), q))).toBe('2026-11-21T22:30:00.000Z');
    // 01:00 in Beijing on the 22nd is 17:00 UTC on the 21st: the window ends at 06:30 on the 22nd.
    expect(iso(quietUntil(new Date('2026-11-21T17:00:00Z'), q))).toBe('2026-11-21T22:30:00.000Z');
  });

  it('has no daylight saving time: the same window all year, across year and month ends', () => {
    const q = { from: '22:00', to: '08:00' };
    for (const day of ['2026-03-08', '2026-03-29', '2026-07-01', '2026-10-25', '2026-11-01']) {
      const until = quietUntil(china(`${day}T23:00:00`), q)!;
      expect(until.getTime() - china(`${day}T23:00:00`).getTime()).toBe(9 * 3_600_000);
    }
    expect(iso(quietUntil(china('2026-12-31T23:59:00'), q))).toBe(iso(china('2027-01-01T08:00:00')));
    expect(iso(quietUntil(china('2028-02-28T22:00:00'), q))).toBe(iso(china('2028-02-29T08:00:00')));
  });

  it('refuses a malformed time', () => {
    expect(() => quietUntil(new Date(), { from: '24:00', to: '08:00' })).toThrow(/HH:MM/);
  });
});
