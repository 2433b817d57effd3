// "So far this month vs the same day last month" as the BFF answers it (packages/contract
// so-far-change.ts): labelled an estimate, the change with both fees, the sentence, the causes in
// the order given (each to the page that shows its figure), and the empty and error states.
import type { ChangePart, SoFarChangeData } from '@abo/contract';
import { act, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import type * as ApiClient from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { soFarChangeQuery } from '../api/get-so-far-change.ts';
import SoFarChange from './so-far-change.tsx';

const post = vi.fn();
vi.mock('../../../lib/api-client.ts', async (actual) => ({
  ...(await actual<typeof ApiClient>()),
  post: (...args: unknown[]) => post(...args) as unknown,
}));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

beforeAll(() => {
  initI18n('en-US');
});
beforeEach(() => {
  post.mockReset();
  post.mockReturnValue(new Promise<never>(() => undefined));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const href = '/income/promotionservicefee?month=2026-10';
const part = (kind: ChangePart['kind'], fen: number, en: string, legAdaMasked: string | null = null): ChangePart => ({
  kind,
  itemCode: 'PROMOTION',
  legAdaMasked,
  text: { zh: `原因 ${en}`, en },
  pretaxFen: fen,
  netFen: fen,
  href,
});

const answer: SoFarChangeData = {
  estimate: true,
  hasOrders: true,
  to: { month: '2026-11', day: 10, promotionFen: 265_650 },
  from: { month: '2026-10', day: 10, promotionFen: 110_400 },
  fromVolume: { ppv: 500, gpv: 3_000, bracketPercent: 12 },
  toVolume: { ppv: 900, gpv: 4_100, bracketPercent: 15 },
  promotionChangeFen: 155_250,
  summary: { zh: '小组PV增加1,100', en: 'Your group PV rose 1,100 PV' },
  parts: [
    part('bracket', 103_500, 'Your bracket 12 % → 15 %'),
    part('ownVolume', 69_000, 'Your own orders'),
    part('leg', -55_200, 'Wang’s leg', '865******03'),
    part('leg', 37_950, 'Lin’s leg', '865******02'),
  ],
  note: { zh: '仅为税前市场推广服务费', en: 'The promotion service fee before tax only' },
};

const show = (data: SoFarChangeData) => renderPage(<SoFarChange />, { data: [[soFarChangeQuery().queryKey, data]], fresh: true });

describe('SoFarChange', () => {
  it('labels it an estimate and shows the change, the two fees, the sentence and the note', () => {
    show(answer);
    const card = screen.getByRole('region', { name: 'So far this month vs the same day last month' });
    expect(within(card).getByText('Estimate')).toBeTruthy();
    expect(within(card).getByText('+¥1,552.50')).toBeTruthy();
    expect(within(card).getByText('¥1,104.00 → ¥2,656.50')).toBeTruthy();
    expect(within(card).getByText('Your group PV rose 1,100 PV')).toBeTruthy();
    expect(within(card).getByText('The promotion service fee before tax only')).toBeTruthy();
    expect(within(card).getByText(/^Up to 10 Nov 2026, against up to 10 Oct 2026$/)).toBeTruthy();
  });

  it('lists the causes in the order given, signed, each linked where the statement comparison links it', () => {
    show(answer);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Your bracket 12 % → 15 %, +¥1,035.00',
      'Your own orders, +¥690.00',
      'Wang’s leg · 865******03, \u2212¥552.00',
      'Lin’s leg · 865******02, +¥379.50',
    ]);
    for (const li of items) expect(within(li).getByRole('link').getAttribute('href')).toBe(href);
  });

  it('says so when the company keeps no daily orders, and shows no figure', () => {
    show({ ...answer, hasOrders: false, parts: [], summary: null, promotionChangeFen: 0, fromVolume: null, toVolume: null });
    expect(screen.getByText(/^No daily orders to compare/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('on a first day without orders there is nothing to compare yet', () => {
    const none = { month: '2026-11', day: 1, promotionFen: 0 };
    show({ ...answer, to: none, from: { ...none, month: '2026-10' }, parts: [], summary: null, promotionChangeFen: 0 });
    expect(screen.getByText('Neither month has an order up to this day yet: nothing to compare.')).toBeTruthy();
  });

  it('shows the error with a retry when the call fails', async () => {
    post.mockRejectedValue(new ApiError(9_900_500, 'The service is busy'));
    renderPage(<SoFarChange />);
    expect(await screen.findByText('The service is busy')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/bff/v1/achievement/soFarChange', {});
  });

  it('reads in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    show(answer);
    expect(screen.getByRole('region', { name: '本月至今与上月同日相比' })).toBeTruthy();
    expect(screen.getByText('估算')).toBeTruthy();
    await act(() => i18n.changeLanguage('en-US'));
  });
});
