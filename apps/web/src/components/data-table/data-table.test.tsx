import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table.tsx';
import { TableCard } from './table-card.tsx';

interface Row {
  name: string;
  pv: number;
  note?: string;
}

const rows: Row[] = [
  { name: 'A', pv: 300, note: 'new' },
  { name: 'B', pv: 1200 },
  { name: 'C', pv: 800 },
];
const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'pv', header: 'PV', cell: (r) => r.pv.toLocaleString('en-US'), numeric: true, sortValue: (r) => r.pv },
  {
    key: 'note',
    header: (
      <>
        Note <span className="small">(optional)</span>
      </>
    ),
    label: 'Note',
    cell: (r) => r.note,
  },
];

/** The text of each element of `role` within `el`, in order. */
const texts = (el: HTMLElement, role: string) =>
  within(el)
    .getAllByRole(role)
    .map((e) => e.textContent);
const names = () => texts(screen.getByRole('table'), 'rowheader');

describe('DataTable', () => {
  it('renders column headers, a row header per row and one cell per other column', () => {
    render(<DataTable caption="Partners" columns={columns} rows={rows} rowKey={(r) => r.name} />);
    const table = screen.getByRole('table', { name: 'Partners' });
    expect(texts(table, 'columnheader')).toEqual(['Name', 'PV', 'Note (optional)']);
    for (const h of within(table).getAllByRole('columnheader')) expect(h).toHaveAttribute('scope', 'col');
    const b = within(table).getByRole('rowheader', { name: 'B' }).closest('tr')!;
    expect(texts(b, 'cell')).toEqual(['1,200', '']);
    // Figures right-aligned with tabular digits; text left.
    expect(within(b).getAllByRole('cell')[0]).toHaveClass('data-table__cell--right', 'num');
    expect(within(table).getByRole('columnheader', { name: 'PV' })).toHaveClass('data-table__cell--right');
    expect(within(b).getAllByRole('cell')[1]).toHaveClass('data-table__cell--left');
  });

  it('labels every cell with its column for the phone layout, a plain label where the header is not text', () => {
    render(<DataTable caption="Partners" columns={columns} rows={rows} rowKey={(r) => r.name} />);
    const a = screen.getByRole('rowheader', { name: 'A' }).closest('tr')!;
    expect(
      within(a)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['PV', 'Note']);
    // The row header is the block's title and carries no label.
    expect(screen.getByRole('rowheader', { name: 'A' })).not.toHaveAttribute('data-label');
    // Stacks on a phone; scrolls as a month grid.
    expect(screen.getByRole('table')).toHaveClass('data-table--stack');
  });

  it('sorts by a column from its header button and says so with aria-sort', () => {
    render(<DataTable caption="Partners" columns={columns} rows={rows} rowKey={(r) => r.name} />);
    expect(names()).toEqual(['A', 'B', 'C']);
    const header = screen.getByRole('columnheader', { name: 'PV' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(header).getByRole('button', { name: 'PV' }));
    expect(names()).toEqual(['B', 'C', 'A']);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['A', 'C', 'B']);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('leaves the order to the caller when the sort is controlled (server paging)', () => {
    const calls: string[] = [];
    render(
      <DataTable
        caption="Members"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        sort={{ key: 'pv', order: 'desc' }}
        onSort={(s) => calls.push(`${s.key}:${s.order}`)}
      />,
    );
    expect(names()).toEqual(['A', 'B', 'C']);
    expect(screen.getByRole('columnheader', { name: 'PV' })).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: 'PV' }));
    expect(calls).toEqual(['pv:asc']);
    expect(names()).toEqual(['A', 'B', 'C']);
  });

  it('starts a column in its own first order, from the keyboard too (a gap sorts nearest first)', async () => {
    const calls: string[] = [];
    const gap: DataColumn<Row> = { key: 'gap', header: 'PV to Q', cell: (r) => r.pv, sortValue: (r) => r.pv, firstOrder: 'asc' };
    render(
      <DataTable
        caption="Members"
        columns={[...columns, gap]}
        rows={rows}
        rowKey={(r) => r.name}
        sort={{ key: 'pv', order: 'desc' }}
        onSort={(s) => calls.push(`${s.key}:${s.order}`)}
      />,
    );
    const button = screen.getByRole('button', { name: 'PV to Q' });
    expect(button.closest('th')).toHaveAttribute('data-column', 'gap');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(calls).toEqual(['gap:asc', 'gap:asc']);
    // Columns without one start descending, as before.
    fireEvent.click(screen.getByRole('button', { name: 'PV' }));
    expect(calls.at(-1)).toBe('pv:asc');
  });

  it('adds footer rows under the body, headed by their first cell, with their attributes', () => {
    render(
      <DataTable
        caption="Partners"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        footer={[{ key: 'total', cells: { name: 'Total', pv: '2,300' }, attrs: { 'data-total': 2300 } }]}
      />,
    );
    const total = screen.getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total.parentElement!.tagName).toBe('TFOOT');
    expect(total).toHaveAttribute('data-total', '2300');
    expect(texts(total, 'cell')).toEqual(['2,300', '']);
    expect(within(total).getAllByRole('cell')[0]).toHaveAttribute('data-label', 'PV');
    // Sorting leaves the footer where it is.
    fireEvent.click(screen.getByRole('button', { name: 'PV' }));
    expect(names()).toEqual(['B', 'C', 'A', 'Total']);
  });

  it('is named by the heading of the card it sits in, and its scroll box can take the focus', async () => {
    render(
      <TableCard title="Frontline">
        <DataTable columns={columns} rows={rows} rowKey={(r) => r.name} layout="grid" />
      </TableCard>,
    );
    expect(screen.getByRole('region', { name: 'Frontline' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Frontline' });
    expect(table).toHaveClass('data-table--grid');
    await userEvent.tab();
    expect(screen.getByRole('group', { name: 'Frontline' })).toHaveFocus();
  });

  it('shows groups of rows under a heading row each, and passes row attributes on', () => {
    render(
      <DataTable
        caption="Pins"
        columns={columns}
        groups={[
          { key: 'g1', header: 'Gold', rows: rows.slice(0, 1), attrs: { className: 'mine' } },
          { key: 'g2', header: 'Platinum', rows: rows.slice(1) },
        ]}
        rowKey={(r) => r.name}
        rowAttrs={(r) => ({ 'data-pv': r.pv })}
      />,
    );
    const gold = screen.getByRole('rowheader', { name: 'Gold' });
    expect(gold).toHaveAttribute('scope', 'rowgroup');
    expect(gold).toHaveAttribute('colspan', '3');
    expect(gold.closest('tbody')).toHaveClass('mine');
    expect(screen.getByRole('rowheader', { name: 'C' }).closest('tr')).toHaveAttribute('data-pv', '800');
    expect(screen.getAllByRole('rowgroup')).toHaveLength(3);
  });

  it('hides a decorative column from screen readers and gives it no label', () => {
    const withBar: DataColumn<Row>[] = [...columns, { key: 'bar', header: '', cell: () => <div className="bar" />, decorative: true }];
    render(<DataTable caption="Partners" columns={withBar} rows={rows} rowKey={(r) => r.name} />);
    const a = screen.getByRole('rowheader', { name: 'A' }).closest('tr')!;
    const bar = a.querySelector('.bar')!.closest('td')!;
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar).not.toHaveAttribute('data-label');
  });
});
