// The biennial award's tracks: the way to choose one (a write page) is for the distributor, not staff.
import type { PlanData } from '@abo/contract';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import { setSession } from '../../../lib/storage.ts';

// The texts register when their module loads: after i18next is set up.
let LevelsCard: (p: { plan: PlanData }) => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  await import('../i18n.ts');
  await import('../plan-i18n.ts');
  ({ LevelsCard } = await import('./levels-card.tsx'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const plan = {
  levelsMode: 'tracks',
  levelsRequired: false,
  achievedLevel: null,
  chosenTrack: 'GROWTH',
  levels: [{ code: 'GROWTH', name: { zh: '业绩成长', en: 'Growth' }, status: 'onTrack', met: false, criteria: [] }],
} as unknown as PlanData;

const show = () =>
  render(
    <MemoryRouter>
      <LevelsCard plan={plan} />
    </MemoryRouter>,
  );

describe('LevelsCard', () => {
  it('offers the distributor to choose a track', () => {
    setSession('channel', 'ebiz');
    show();
    expect(screen.getByText('Your track: Growth')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a track' })).toHaveAttribute('href', '/incentiveplan/biennialaward/settag');
  });

  it('shows staff the chosen track without the link to change it', () => {
    setSession('channel', 'iinquiry');
    show();
    expect(screen.getByText('Your track: Growth')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose a track' })).toBeNull();
  });
});
