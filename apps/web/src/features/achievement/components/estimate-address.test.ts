import { describe, expect, it } from 'vitest';
import { whatIfFromParams, whatIfToParams, type WhatIfInputs } from './estimate-address.ts';

const LEGS = ['10000002', '10000007'];

describe('the what-if in the address', () => {
  it('reads back what it wrote, beside the page’s other parameters', () => {
    const inputs: WhatIfInputs = { from: 'soFar', extraPpv: 500, extraLeg: { '10000007': 300 } };
    const params = whatIfToParams(inputs, new URLSearchParams('channel=wec'), 'pace');
    expect(params.toString()).toBe('channel=wec&from=soFar&ppv=500&leg=10000007%3A300');
    expect(whatIfFromParams(new URLSearchParams(params.toString()), LEGS, 'pace')).toEqual(inputs);
  });

  it('leaves nothing for inputs at their start, and replaces what was there', () => {
    const params = whatIfToParams(
      { from: 'pace', extraPpv: 0, extraLeg: { '10000002': 0 } },
      new URLSearchParams('ppv=50&leg=10000002:9'),
      'pace',
    );
    expect(params.toString()).toBe('');
  });

  it('drops what is not a PV or not a leg of this month', () => {
    const params = new URLSearchParams('from=later&ppv=-5&leg=10000002:abc&leg=99999999:100&leg=10000007:2000000&leg=:5');
    expect(whatIfFromParams(params, LEGS, 'soFar')).toEqual({ from: 'soFar', extraPpv: 0, extraLeg: { '10000007': 1_000_000 } });
  });
});
