import { describe, expect, it } from 'vitest';
import { PIN_KINDS, subpageForKind, termsOfKind } from './criterion-kinds.ts';

describe('criterion kinds', () => {
  it('links a criterion to the subpage that explains it, when the route has one', () => {
    expect(subpageForKind('/incentiveplan/seminars', 'flqMonths')).toBe('pqflqdetails');
    expect(subpageForKind('/incentiveplan/seminarstravelplan', 'flqMonths')).toBe('flqdetails');
    expect(subpageForKind('/incentiveplan/seminarstravelplan', 'pqMonths')).toBe('pqdetails');
    expect(subpageForKind('/incentiveplan/femtravelplan', 'lddMarkets')).toBe('lddmarketdetails');
    expect(subpageForKind('/incentiveplan/emtravelplan', 'flqMonths')).toBeNull();
    expect(subpageForKind('/incentiveplan/seminars', 'score')).toBe('components');
    expect(subpageForKind('/incentiveplan/seminars', 'newPin')).toBe('pincodedetails');
    expect(subpageForKind('/incentiveplan/seminars', 'complianceMonths')).toBeNull();
  });

  it('pin kinds and the terms each kind explains', () => {
    expect([...PIN_KINDS].sort()).toEqual(['newPin', 'pinAtLeast']);
    expect(termsOfKind('score')).toEqual(['points', 'pq', 'flq']);
    expect(termsOfKind('pqMonths')).toEqual(['pq', 'q']);
    expect(termsOfKind('attendance')).toEqual([]);
    expect(termsOfKind('notAKind')).toEqual([]);
    expect(subpageForKind('/incentiveplan/seminars', 'toString')).toBeNull();
  });
});
