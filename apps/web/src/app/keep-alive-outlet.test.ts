import { describe, expect, it } from 'vitest';
import { viewKey } from './keep-alive-outlet.tsx';

describe('viewKey: one cached view per page and search', () => {
  it('keeps the page under the notifications panel: its parameter makes no view of its own', () => {
    const page = viewKey({ pathname: '/Income/ServiceFee', search: '?month=2026-10' });
    expect(viewKey({ pathname: '/income/servicefee', search: '?month=2026-10&notifications=1' })).toBe(page);
    expect(viewKey({ pathname: '/income/servicefee', search: '?notifications=settings&month=2026-10' })).toBe(page);
    expect(viewKey({ pathname: '/', search: '?notifications=1' })).toBe(viewKey({ pathname: '/', search: '' }));
  });

  it('gives another month another view', () => {
    expect(viewKey({ pathname: '/income/servicefee', search: '?month=2026-09' })).not.toBe(
      viewKey({ pathname: '/income/servicefee', search: '?month=2026-10' }),
    );
  });
});
