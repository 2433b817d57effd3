// The desktop home's trends: one scale, the open month drawn as "so far", the numbers in the label.
import type { AchMonth } from '@abo/contract';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import type * as AreaTrend from './area-trend.tsx';
import { renderPage } from '../../../testing/render-page.tsx';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

let trends: typeof AreaTrend;
beforeAll(async () => {
  initI18n('en-US');
  trends = await import('./area-trend.tsx');
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const months: AchMonth[] = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return {
    month,
    ppv: 100,
    gpv: 1000 * (i + 1),
    pgpv: 1000 * (i + 1),
    apv: 0,
    bracket: 21,
    isQ: i % 2 === 0,
    qLegs: 0,
    state: i === 11 ? 'open' : 'closed',
    bvFen: 0,
    isSp: false,
    newCustomers: 0,
    compliant: true,
  };
});

function show(node: ReactNode) {
  return renderPage(node, { at: null, data: [[['achievement', 'overview'], { months }]], fresh: true });
}

describe('the desktop home trends', () => {
  it('draws 12 months of personal-group PV on one scale, the open month as so far', () => {
    const { container } = show(<trends.PvTrend />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toMatch(/^Personal-group PV, Dec 2025 to Nov 2026: Dec 2025 1\D?000, .* Nov 2026 12\D?000$/);
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(12);
    expect(bars.map((r) => r.getAttribute('class'))).toEqual([...Array(11).fill(null), 'home-trend__open']);
    expect(Number(bars[11]!.getAttribute('height'))).toBe(38);
    expect(screen.getByText('Nov 2026 so far')).toBeInTheDocument();
  });

  it('counts the Q months among the closed ones', () => {
    const { container } = show(<trends.QTrend />);
    expect(screen.getByText('6 Q months in the last 12')).toBeInTheDocument();
    expect(container.querySelectorAll('li.home-trend__yes')).toHaveLength(6);
    expect(container.querySelectorAll('li.home-trend__open')).toHaveLength(1);
  });
});
