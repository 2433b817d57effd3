import { describe, expect, it } from 'vitest';
import { formatWhen } from './when.ts';

const NOW = Date.parse('2026-11-27T04:00:00Z'); // 12:00 in China

describe('when a notification came', () => {
  it('is relative within a week, in the UI’s language', () => {
    expect(formatWhen('2026-11-27T03:59:30Z', 'en-US', 'just now', NOW).text).toBe('just now');
    expect(formatWhen('2026-11-27T03:55:00Z', 'en-US', 'just now', NOW).text).toBe('5 minutes ago');
    expect(formatWhen('2026-11-27T01:00:00Z', 'zh-CN', '刚刚', NOW).text).toBe('3小时前');
    expect(formatWhen('2026-11-26T02:00:00Z', 'en-US', 'just now', NOW).text).toBe('yesterday');
    expect(formatWhen('2026-11-21T00:00:00Z', 'zh-CN', '刚刚', NOW).text).toBe('6天前');
  });

  it('is a date after a week (the year when it is another), in China time, and in full for a tooltip', () => {
    expect(formatWhen('2026-11-01T00:00:00Z', 'en-US', 'just now', NOW).text).toBe('Nov 1');
    // 20:00 UTC on 31 Dec is 1 Jan in China.
    expect(formatWhen('2025-12-31T20:00:00Z', 'zh-CN', '刚刚', NOW).text).toBe('1月1日');
    expect(formatWhen('2025-10-01T00:00:00Z', 'en-US', 'just now', NOW).text).toBe('Oct 1, 2025');
    expect(formatWhen('2026-11-01T00:00:00Z', 'zh-CN', '刚刚', NOW).full).toBe('2026年11月1日 08:00');
  });

  it('never says "in 2 hours" of a time ahead of this device’s clock', () => {
    expect(formatWhen('2026-11-27T06:00:00Z', 'en-US', 'just now', NOW).text).toBe('Nov 27');
  });
});
