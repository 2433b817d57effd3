// The year-on-year view as the BFF answers it: figures of both PYs side by side, a month not
// begun as a dash, the area's own figure first.
import type { AchYearOnYearData, YoyMonthData } from '@abo/contract';
import { pyMonths } from '@abo/plan';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import YearOnYear from './year-on-year.tsx';
import { yearOnYearQuery } from './year-on-year-query.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { inEnglish } from '../../testing/in-english.ts';

vi.mock('../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

inEnglish();
// The charts load Chart.js as they render: src/testing/setup.ts waits for such loads to settle.

function show(node: ReactNode, data: [readonly unknown[], unknown][], address = '/achievement') {
  return renderPage(
    <>
      {node}
      <Address />
    </>,
    { at: address, data, fresh: true },
  );
}

/** The address as the browser would show it, and how it was last changed. */
function Address() {
  const location = useLocation();
  return <output data-testid="address" data-how={useNavigationType()}>{`${location.pathname}${location.search}`}</output>;
}

const month = (m: string, state: YoyMonthData['state'], n: number): YoyMonthData => ({
  month: m,
  state,
  present: state !== 'future',
  ppv: n * 100,
  gpv: n * 1000,
  apv: n * 900,
  isQ: n > 5,
  pretaxFen: state === 'closed' ? n * 10_000 : null,
  netFen: state === 'closed' ? n * 9_000 : null,
  activeLegs: n,
  newMembers: 1,
});

const thisPy = pyMonths('26/27');
const lastPy = pyMonths('25/26');
const yoy: AchYearOnYearData = {
  py: '26/27',
  prevPy: '25/26',
  pys: ['26/27', '25/26'],
  today: '2026-11',
  rows: thisPy.map((m, i) => ({
    thisYear: month(m, i < 2 ? 'closed' : i === 2 ? 'open' : 'future', i + 6),
    lastYear: month(lastPy[i]!, 'closed', i + 2),
  })),
  totals: {
    thisYear: { ppv: 2100, gpv: 21000, qMonths: 3, pretaxFen: 130_000, netFen: 117_000, newMembers: 3 },
    lastYear: { ppv: 900, gpv: 9000, qMonths: 0, pretaxFen: 50_000, netFen: 45_000, newMembers: 3 },
  },
};

describe('YearOnYear', () => {
  it('shows this PY above the last in every cell, a month not begun as a dash, and the totals', () => {
    const { container } = show(<YearOnYear area="achievement" />, [[yearOnYearQuery().queryKey, yoy]]);
    expect(screen.getByRole('heading', { name: 'This year against last' })).toBeTruthy();
    const oct = container.querySelector('[data-month="2026-10"]')!;
    expect(oct.getAttribute('data-last-month')).toBe('2025-10');
    expect(oct.querySelector('[data-yoy="gpv-this"]')!.textContent).toBe('7,000');
    expect(oct.querySelector('[data-yoy="gpv-last"]')!.textContent).toBe('3,000');
    expect(oct.querySelector('[data-yoy="q-this"]')!.textContent).toBe('✓ Q');
    expect(oct.querySelector('[data-yoy="income-this"]')!.textContent).toBe('¥630.00');
    // The open month so far has no statement yet; a future month shows a dash for this PY only.
    const nov = container.querySelector('[data-month="2026-11"]')!;
    expect(within(nov as HTMLElement).getByText(/so far/)).toBeTruthy();
    expect(nov.querySelector('[data-yoy="income-this"]')!.textContent).toBe('—');
    const dec = container.querySelector('[data-month="2026-12"]')!;
    expect(dec.querySelector('[data-yoy="ppv-this"]')!.textContent).toBe('—');
    expect(dec.querySelector('[data-yoy="ppv-last"]')!.textContent).toBe('500');
    expect(screen.getByText('Total so far (last year: same months)')).toBeTruthy();
  }, 30_000);

  it('puts income first on the income area', () => {
    show(<YearOnYear area="income" />, [[yearOnYearQuery().queryKey, yoy]]);
    // The last table is the view's own (the chart's screen-reader table comes first).
    const table = screen.getAllByRole('table').at(-1)!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual(['Month', 'Income (net)']);
  }, 30_000);

  it('shows the PY the address names, and puts the PY chosen into the address in place', () => {
    const earlier: AchYearOnYearData = { ...yoy, py: '25/26', prevPy: '24/25' };
    const { container } = show(
      <YearOnYear area="achievement" />,
      [
        [yearOnYearQuery('25/26').queryKey, earlier],
        [yearOnYearQuery('26/27').queryKey, yoy],
      ],
      '/achievement?yoy=25%2F26',
    );
    // A reload or a shared link: the view opens on the PY of the address.
    const picker = screen.getByRole('combobox', { name: 'Performance year' });
    expect(picker).toHaveValue('25/26');
    expect(container.textContent).toContain('Each cell: 25/26 on top, the same month of 24/25 below');
    fireEvent.change(picker, { target: { value: '26/27' } });
    const address = screen.getByTestId('address');
    expect(new URLSearchParams(address.textContent!.split('?')[1]).get('yoy')).toBe('26/27');
    // Replaced, not pushed: Back leaves the page instead of stepping through PYs.
    expect(address).toHaveAttribute('data-how', 'REPLACE');
    expect(picker).toHaveValue('26/27');
    expect(container.textContent).toContain('Each cell: 26/27 on top, the same month of 25/26 below');
  }, 30_000);
});
