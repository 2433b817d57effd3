import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../i18n/index.ts';
import { QMonths } from './bits.tsx';
import { SortableTable, type Column } from './sortable-table.tsx';

interface Row {
  name: string;
  pv: number;
}

const rows: Row[] = [
  { name: 'A', pv: 300 },
  { name: 'B', pv: 1200 },
  { name: 'C', pv: 800 },
];
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', render: (r) => r.name, align: 'left' },
  { key: 'pv', label: 'PV', render: (r) => String(r.pv), sortValue: (r) => r.pv },
];
beforeAll(async () => {
  initI18n('zh-CN');
  await import('../i18n.ts');
});

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('SortableTable', () => {
  it('sorts by a column from its header button and says so with aria-sort', () => {
    render(<SortableTable caption="Partners" columns={columns} rows={rows} rowKey={(r) => r.name} />);
    expect(names()).toEqual(['A', 'B', 'C']);
    const header = screen.getByRole('columnheader', { name: 'PV' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['B', 'C', 'A']);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['A', 'C', 'B']);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('leaves the order to the caller when the sort is controlled (server paging)', () => {
    const calls: string[] = [];
    render(
      <SortableTable
        caption="Members"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        sort={{ key: 'pv', order: 'desc' }}
        onSort={(s) => calls.push(`${s.key}:${s.order}`)}
      />,
    );
    expect(names()).toEqual(['A', 'B', 'C']);
    fireEvent.click(screen.getByRole('button', { name: /PV/ }));
    expect(calls).toEqual(['pv:asc']);
  });
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
});
