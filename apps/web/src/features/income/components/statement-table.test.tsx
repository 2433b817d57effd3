import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { StatementTable } from './statement-table.tsx';

const rows = [
  { month: '2026-10', paidOn: '2026-11-15', pretaxFen: 10_000, taxFen: 160, netFen: 9_840 },
  { month: '2026-09', paidOn: null, pretaxFen: 0, taxFen: 0, netFen: 0, hasStatement: false },
];
const totals = { pretaxFen: 10_000, taxFen: 160, netFen: 9_840 };

function show() {
  return render(
    <MemoryRouter>
      <StatementTable rows={rows} totals={totals} />
    </MemoryRouter>,
  );
}

describe('StatementTable', () => {
  beforeAll(async () => {
    initI18n('zh-CN');
    await import('../i18n.ts');
  });
  afterAll(async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('says when each statement is paid, in the language chosen, and nothing for a month without one', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { unmount } = show();
    const october = screen.getByRole('link', { name: '2026年10月' }).closest('tr')!;
    expect(within(october).getByText('2026-11-15 发放')).toBeInTheDocument();
    expect(october.querySelector('time')).toHaveAttribute('datetime', '2026-11-15');
    const september = screen.getByText('2026年9月', { exact: false }).closest('tr')!;
    expect(september.querySelector('[data-paid-on]')).toBeNull();
    unmount();

    await act(() => i18n.changeLanguage('en-US'));
    show();
    const row = screen.getByRole('link', { name: 'Oct 2026' }).closest('tr')!;
    expect(within(row).getByText('paid on 15 Nov 2026')).toBeInTheDocument();
  });
});
