import { describe, expect, it } from 'vitest';
import { conditionStatus } from './shared.tsx';

const c = (key: string, required: number, achieved: number) => ({
  key,
  label: { zh: '', en: '' },
  required,
  achieved,
  met: achieved >= required,
});

describe('conditionStatus', () => {
  it('is met, on track while the PY can still hold it, and missed once it cannot', () => {
    expect(conditionStatus(c('spMonths', 6, 6), 3)).toBe('met');
    expect(conditionStatus(c('spMonths', 6, 3), 3)).toBe('onTrack');
    expect(conditionStatus(c('spMonths', 12, 2), 9)).toBe('missed');
    expect(conditionStatus(c('maxSpRun', 3, 1), 2)).toBe('missed');
    expect(conditionStatus(c('qualifiedLegs', 6, 0), 1)).toBe('onTrack');
  });
});
