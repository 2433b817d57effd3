import type { AchRankData } from '@abo/contract';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { platinumRank as rank } from '../achievement.test-support.ts';

// The card registers the page texts when it loads: after i18next is set up (beforeAll).
let PinCard: (p: { d: AchRankData }) => ReactNode;

beforeAll(async () => {
  initI18n('en-US');
  await i18n.changeLanguage('en-US');
  await import('../i18n.ts');
  PinCard = (await import('./pin-card.tsx')).PinCard;
});
afterAll(() => {
  void i18n.changeLanguage('zh-CN');
});

describe('PinCard: the pin held and the pin qualified this PY, apart', () => {
  it('shows Platinum held and Silver Producer qualified in 26/27, with the Q months', () => {
    render(<PinCard d={rank()} />);
    expect(screen.getByText('Platinum')).toBeInTheDocument();
    expect(screen.getByText('The highest pin ever reached, for recognition: it never drops.')).toBeInTheDocument();
    const qualified = screen.getByText('Qualified in 26/27').nextElementSibling!;
    expect(qualified).toHaveTextContent('Silver Producer · reached Sep 2026');
    expect(screen.getByText('Q months this PY (closed)').nextElementSibling).toHaveTextContent('2 of 12');
    expect(
      screen.getByText('Seminars, trips and the Emerald/Diamond annual bonuses ask for the pin qualified this PY, not the pin held.'),
    ).toBeInTheDocument();
  });

  it('says when nothing is qualified yet, what this month so far adds, and Q12', () => {
    render(<PinCard d={rank({ pinCode: 230, name: { zh: '会员', en: 'Member' }, month: null, soFarPinCode: 310, qMonths: 0 })} />);
    const qualified = screen.getByText('Qualified in 26/27').nextElementSibling!;
    expect(qualified).toHaveTextContent('No pin qualified yet this PY');
    expect(qualified).toHaveTextContent('With this month so far: Silver Producer (confirmed when it closes)');
  });

  it('Q12: a Q month in all 12', () => {
    render(<PinCard d={rank({ pinCode: 342, name: { zh: '创办人白金', en: 'Founders Platinum' }, qMonths: 12, q12: true })} />);
    expect(screen.getByText('Q months this PY (closed)').nextElementSibling).toHaveTextContent('12 of 12 (Q12)');
  });

  it('a pin held before the imported history: "held since before" its first month, in English and Chinese', async () => {
    const held = { ...rank(), pinCode: 380, pinName: { zh: '钻石', en: 'Diamond' }, pinMonth: null, pinHeldBefore: '2024-09' };
    const { unmount } = render(<PinCard d={held} />);
    expect(screen.getByText('held since before Sep 2024')).toBeInTheDocument();
    expect(screen.queryByText('No pin rise on record')).not.toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('zh-CN');
    render(<PinCard d={held} />);
    expect(screen.getByText(/之前已持有$/)).toHaveTextContent(/^2024.*9.*之前已持有$/);
    await i18n.changeLanguage('en-US');
  });
});
