import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COMPARE_PARAM } from '../../../components/compare-address.ts';
import { useParam } from './use-param.ts';

const CLEARS = [COMPARE_PARAM];

/** The servicefee page's month parameter: a button that picks `pick`, and the address it leaves. */
function Probe({ pick }: { pick: string }) {
  const [, setMonth] = useParam('month', CLEARS);
  return (
    <>
      <button type="button" onClick={() => setMonth(pick)}>
        pick
      </button>
      <output>{useLocation().search}</output>
    </>
  );
}

const pickAt = (search: string, pick: string) => {
  render(
    <MemoryRouter initialEntries={[`/income/servicefee${search}`]}>
      <Probe pick={pick} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'pick' }));
  return screen.getByRole('status');
};

describe('useParam', () => {
  it('picking another statement month drops the month it was compared with', () => {
    expect(pickAt('?month=2026-10&compare=2026-06', '2026-08')).toHaveTextContent(/^\?month=2026-08$/);
  });

  it('keeps it when the same month is picked again', () => {
    expect(pickAt('?month=2026-10&compare=2026-06', '2026-10')).toHaveTextContent(/^\?month=2026-10&compare=2026-06$/);
  });
});
