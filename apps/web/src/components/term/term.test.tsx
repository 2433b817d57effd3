import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import type { TermText as TermTextComponent } from './term-text.tsx';
import type { Term as TermComponent } from './term.tsx';
import { appRoot } from '../../testing/render-page.tsx';

// The component registers its texts when it loads: after i18next is set up.
let Term: typeof TermComponent;
let TermText: typeof TermTextComponent;
beforeAll(async () => {
  initI18n('en-US');
  ({ Term } = await import('./term.tsx'));
  ({ TermText } = await import('./term-text.tsx'));
});

function renderTerm(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>, { container: appRoot() });
}

describe('Term', () => {
  it('is a button that opens its definition in a modal dialog, closes on Escape and gives the focus back', async () => {
    await i18n.changeLanguage('en-US');
    renderTerm(
      <p>
        95 more <Term k="pv" /> reach the 3% <Term k="bracket" />
      </p>,
    );
    const pv = screen.getByRole('button', { name: 'PV' });
    expect(pv).toHaveAccessibleDescription('Tap for its meaning');
    expect(pv).toHaveAttribute('aria-haspopup', 'dialog');
    expect(pv).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(pv);
    // The popup is a chunk of its own, loaded on the first tap: give a loaded machine time.
    const dialog = await screen.findByRole('dialog', { name: 'PV (point value)' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription(/points each product order carries/);
    expect(pv).toHaveAttribute('aria-expanded', 'true');
    // The page behind is out of reach while the dialog is open; its close button has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus(), { timeout: 5000 });
    expect(document.getElementById('root')!.inert).toBe(true);
    // The longer explanation is one link further.
    expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/descpage?code=PV_BV');
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(pv).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('root')!.inert).toBe(false);
    expect(pv).toHaveFocus();
  });

  it('defines each term in Chinese and English, in the sentence’s own words when given', async () => {
    await i18n.changeLanguage('zh-CN');
    renderTerm(
      <p>
        <Term k="ldd" /> · <Term k="bracket">比例</Term>
      </p>,
    );
    fireEvent.click(screen.getByRole('button', { name: '比例' }));
    expect(await screen.findByRole('dialog', { name: '业绩奖励比例' }, { timeout: 5000 })).toHaveTextContent('200 PV → 3%');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.click(screen.getByRole('button', { name: 'LDD' }));
    const ldd = await screen.findByRole('dialog', { name: 'LDD 市场' });
    expect(ldd).toHaveTextContent('至少 6 个月');
    // No longer explanation for this one: no dead link.
    expect(within(ldd).queryByRole('link')).toBeNull();
    await i18n.changeLanguage('en-US');
  });

  it('turns the terms marked in a translated sentence into Terms in its own words, the rest stays text', async () => {
    await i18n.changeLanguage('en-US');
    const { container } = renderTerm(<TermText text="95 more <pv>PV</pv> reach the 3% <bracket>bracket</bracket>; <b>no</b> <x>tag</x>" />);
    expect(container).toHaveTextContent('95 more PV reach the 3% bracket; <b>no</b> <x>tag</x>');
    expect(screen.getAllByRole('button').map((b) => [b.textContent, b.dataset.term])).toEqual([
      ['PV', 'pv'],
      ['bracket', 'bracket'],
    ]);
  });
});
