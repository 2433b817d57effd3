import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../i18n/index.ts';
import { PersonCell, QMonths, Trend } from './bits.tsx';

beforeAll(async () => {
  initI18n('zh-CN');
  await import('../i18n.ts');
});

describe('QMonths', () => {
  it('names each month Q, not Q, still open or not started, never by colour alone', () => {
    render(<QMonths months={['2026-09', '2026-10', '2026-11', '2026-12']} flags={[true, false, false, null]} />);
    const cells = screen.getAllByRole('img');
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/: Q$/),
      expect.stringMatching(/未达|Not Q/),
      expect.stringMatching(/本月进行中|still open/),
      expect.stringMatching(/未开始|Not started/),
    ]);
  });

  it('names a month before the member’s history no data, neither Q nor missed', () => {
    const { container } = render(<QMonths months={['2026-09', '2026-10', '2026-11']} flags={['noData', false, null]} />);
    const cells = screen.getAllByRole('img');
    expect(cells[0]!.getAttribute('aria-label')).toMatch(/无数据/);
    expect(cells[0]).toHaveClass('market-qmonth--noData');
    // The month after it is the open one, still running, not missed.
    expect(cells[1]!.getAttribute('aria-label')).toMatch(/本月进行中|still open/);
    expect(container.querySelectorAll('.market-qmonth--no')).toHaveLength(0);
  });
});

describe('Trend', () => {
  const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
  const heights = (el: HTMLElement) => [...el.querySelectorAll<HTMLElement>('.market-trend__bar')].map((b) => b.style.height);

  it('draws every row on the table’s one scale, so a small leg’s bars look small', () => {
    const { container } = render(<Trend values={[1000, 2000, 1000, 2000, 1000, 2000]} months={months} max={10_000} />);
    expect(heights(container)).toEqual(['2px', '4px', '2px', '4px', '2px', '4px']);
  });

  it('marks the open month "so far" (outlined), not as a dip', () => {
    const { container } = render(<Trend values={[8000, 9000, 8000, 9000, 8000, 1200]} months={months} max={10_000} open />);
    const bars = container.querySelectorAll('.market-trend__bar');
    expect(bars[5]).toHaveClass('market-trend__bar--open');
    expect(bars[4]).not.toHaveClass('market-trend__bar--open');
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/2026年11月 截至今日 1,200 PV（本月未结束）$/);
    expect(container).toHaveTextContent('至今');
  });
});

describe('PersonCell', () => {
  it('isolates the name from the ADA beside it, so a right-to-left character in it cannot reorder the ADA', () => {
    const person = {
      ref: 'm1',
      maskedName: { zh: '陈\u202E*强', en: 'Chen' },
      maskedAda: '200******41',
      pinCode: 310,
      joinDate: '2021-03-01',
      level: 2,
    };
    const { container } = render(<PersonCell person={person} link={false} />);
    const bdi = container.querySelector('bdi');
    expect(bdi).toHaveTextContent('陈\u202E*强');
    expect(bdi).not.toHaveTextContent('200******41');
    expect(container).toHaveTextContent('200******41');
  });
});
