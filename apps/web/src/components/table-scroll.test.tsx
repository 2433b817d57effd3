import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TableScroll } from './table-scroll.tsx';

const table = (caption?: string) => (
  <table>
    {caption ? <caption>{caption}</caption> : null}
    <tbody>
      <tr>
        <td>1</td>
      </tr>
    </tbody>
  </table>
);

describe('TableScroll', () => {
  it('is a group named by its label, which the keyboard can reach to scroll it', async () => {
    render(<TableScroll label="Monthly APV">{table()}</TableScroll>);
    await userEvent.tab();
    expect(screen.getByRole('group', { name: 'Monthly APV' })).toHaveFocus();
  });

  it("takes its name from the table's caption, or else from its card's title", () => {
    render(
      <>
        <TableScroll>{table('Statement items')}</TableScroll>
        <section className="card">
          <h2>PQ months</h2>
          <TableScroll>{table()}</TableScroll>
        </section>
      </>,
    );
    expect(screen.getByRole('group', { name: 'Statement items' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'PQ months' })).toBeInTheDocument();
  });
});
