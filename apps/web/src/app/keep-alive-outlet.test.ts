import { describe, expect, it } from 'vitest';
import { viewKey } from './keep-alive-outlet.tsx';

describe('viewKey: one cached view per page and search', () => {
  it('keeps the page under the notifications panel: its parameter makes no view of its own', () => {
    const page = viewKey({ pathname: '/Income/ServiceFee', search: '?month=2026-10' });
    expect(viewKey({ pathname: '/income/servicefee', search: '?month=2026-10&notifications=1' })).toBe(page);
    expect(viewKey({ pathname: '/income/servicefee', search: '?notifications=settings&month=2026-10' })).toBe(page);
    expect(viewKey({ pathname: '/', search: '?notifications=1' })).toBe(viewKey({ pathname: '/', search: '' }));
  });

  it('keeps the page when the year-on-year card changes PY: the parameter is the card’s', () => {
    const page = viewKey({ pathname: '/achievement', search: '' });
    expect(viewKey({ pathname: '/achievement', search: '?yoy=25%2F26' })).toBe(page);
    expect(viewKey({ pathname: '/income/type', search: '?yoy=25/26&notifications=1' })).toBe(
      viewKey({ pathname: '/income/type', search: '' }),
    );
  });

  it('keeps the service-fee page when its "compared with" month changes: the parameter is the card’s', () => {
    expect(viewKey({ pathname: '/income/servicefee', search: '?month=2026-10&compare=2026-08' })).toBe(
      viewKey({ pathname: '/income/servicefee', search: '?month=2026-10' }),
    );
  });

  it('keeps the team tree (its opened branches) when its order changes: the parameter is the tree’s', () => {
    const tree = viewKey({ pathname: '/incentiveplan/marketmembertracking', search: '?view=tree&q=notQ' });
    expect(viewKey({ pathname: '/incentiveplan/marketmembertracking', search: '?view=tree&q=notQ&treeSort=pvToQ' })).toBe(tree);
    // The list's filters are the view's own: another filter, another view.
    expect(viewKey({ pathname: '/incentiveplan/marketmembertracking', search: '?view=tree&q=q' })).not.toBe(tree);
  });

  it('gives another month another view', () => {
    expect(viewKey({ pathname: '/income/servicefee', search: '?month=2026-09' })).not.toBe(
      viewKey({ pathname: '/income/servicefee', search: '?month=2026-10' }),
    );
  });
});
