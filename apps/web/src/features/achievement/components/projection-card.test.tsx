// The projection block as the BFF answers it: labelled as an estimate, the month's end at this
// pace with its trace, last year's same month, and this PY's Q months.
import type { AchProjectionData } from '@abo/contract';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { projectionQuery } from '../api/get-projection.ts';
import { ProjectionCard } from './projection-card.tsx';
import { renderPage } from '../../../testing/render-page.tsx';
import { inEnglish } from '../../../testing/in-english.ts';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

inEnglish();

function show(node: ReactNode, data: [readonly unknown[], unknown][]) {
  return renderPage(node, { data, fresh: true });
}

const projection: AchProjectionData = {
  estimate: true,
  month: '2026-11',
  py: '26/27',
  daysElapsed: 21,
  daysInMonth: 30,
  soFar: { ppv: 500, gpv: 7000, bracket: 18, promotionFen: 100_000, pretaxFen: null, taxFen: null, netFen: null, pvForNextBracket: null },
  pace: {
    basis: 'pace',
    factor: 30 / 21,
    gpv: 10_000,
    bracket: 21,
    isQ: true,
    promotionFen: 200_000,
    pretaxFen: 250_000,
    taxFen: 40_000,
    netFen: 210_000,
    paidOn: '2026-12-15',
    pvForNextBracket: null,
  },
  lastYearMonth: '2025-11',
  lastYearGpv: 8000,
  lastYear: {
    basis: 'lastYear',
    factor: 8 / 7,
    gpv: 8000,
    bracket: 18,
    isQ: false,
    promotionFen: 120_000,
    pretaxFen: 130_000,
    taxFen: null,
    netFen: null,
    paidOn: null,
    pvForNextBracket: null,
  },
  qMonths: { soFar: 2, closedSoFar: 1, monthsElapsed: 2, monthsInPeriod: 12, monthsLeft: 10, projected: 6, lastMonth: '2027-08' },
};

describe('ProjectionCard', () => {
  it('labels the projection an estimate and says where the month ends at this pace', () => {
    show(<ProjectionCard />, [[projectionQuery().queryKey, projection]]);
    expect(screen.getByText('Estimate')).toBeTruthy();
    expect(screen.getByText(/^At this pace, ≈ 10,000 PV by 30 Nov 2026 → 21% bracket, promotion service fee ≈ ¥2,000.00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /How is this calculated\?/ })).toBeTruthy();
    expect(screen.getByText('After tax ≈ ¥2,100.00, paid on 15 Dec 2026')).toBeTruthy();
    expect(screen.getByText(/same month last year \(Nov 2025, 8,000 PV\)/)).toBeTruthy();
    expect(screen.getByText('Q months this PY: at the closed months’ pace, ≈ 6 of 12 by 31 Aug 2027')).toBeTruthy();
  });

  it('says there is no pace on the first day', () => {
    show(<ProjectionCard />, [[projectionQuery().queryKey, { ...projection, daysElapsed: 1, pace: null, qMonths: null }]]);
    expect(screen.getByText('Today is the first day of the month: no pace to project yet.')).toBeTruthy();
    expect(screen.getByText(/No month of this PY has closed yet/)).toBeTruthy();
  });
});
