// "Compared with <month>" as the BFF answers it (packages/contract statement-change.ts): the two
// changes, the sentence, the causes in the order given (each to the page that shows its figure),
// and the month compared with in the address and in the request.
import { Code } from '@abo/contract/codes';
import type { ChangePart, StatementChangeData, StatementData, StatementListData } from '@abo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/index.ts';
import type * as ApiClient from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/storage.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { statementQuery } from '../api/get-statement.ts';
import { statementsQuery } from '../api/get-statements.ts';
import { OCT_2026_STATEMENT } from '../income.test-support.ts';

const post = vi.fn();
vi.mock('../../../lib/api-client.ts', async (actual) => ({
  ...(await actual<typeof ApiClient>()),
  post: (...args: unknown[]) => post(...args) as unknown,
}));
vi.mock('../../../lib/chart.ts', () => ({
  Chart: class {
    destroy() {}
  },
}));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const PATH = '/bff/v1/income/statementChange';

let StatementChange: (props: { month: string }) => ReactNode;
let ServiceFeePage: () => ReactNode;

beforeAll(async () => {
  initI18n('en-US');
  await import('../i18n.ts');
  await import('../servicefee-i18n.ts');
  StatementChange = (await import('./statement-change.tsx')).default;
  ServiceFeePage = (await import('../servicefee-page.tsx')).default;
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

const part = (over: Partial<ChangePart> & Pick<ChangePart, 'kind' | 'netFen'>): ChangePart => ({
  itemCode: 'PROMOTION',
  legAdaMasked: null,
  text: { zh: `原因 ${over.kind}`, en: `Cause ${over.kind}` },
  pretaxFen: over.netFen,
  href: null,
  ...over,
});

// October against September: the leg of Lin fell, own volume rose… Largest |netFen| first.
const parts: ChangePart[] = [
  part({
    kind: 'leg',
    netFen: -90_000,
    legAdaMasked: '300****1234',
    text: { zh: '林的一线 2,000 → 1,100 PV', en: "Lin's leg 2,000 → 1,100 PV" },
    href: '/income/promotionservicefee?month=2026-10',
  }),
  part({
    kind: 'ownVolume',
    netFen: 60_000,
    text: { zh: '个人 BV 增加', en: 'Own BV up' },
    href: '/income/commissiondetail?month=2026-10',
  }),
  part({ kind: 'tax', itemCode: 'TAX', pretaxFen: 0, netFen: -12_000, text: { zh: '个税增加', en: 'More tax withheld' } }),
];
const change: StatementChangeData = {
  month: '2026-10',
  compare: '2026-09',
  months: ['2026-10', '2026-09', '2026-08', '2026-07'],
  from: { pretaxFen: 500_000, taxFen: 80_000, netFen: 420_000 },
  to: { pretaxFen: 470_000, taxFen: 92_000, netFen: 378_000 },
  fromVolume: { ppv: 200, gpv: 4000, bracketPercent: 12 },
  toVolume: { ppv: 300, gpv: 3100, bracketPercent: 9 },
  pretaxChangeFen: -30_000,
  netChangeFen: -42_000,
  summary: { zh: '林的一线 PV 下降，推广服务费减少 ¥900.00。', en: "Lin's leg fell: ¥900.00 less promotion fee." },
  parts,
};

/** The address as the router holds it, and how it was last changed. */
function Address() {
  const location = useLocation();
  return <output data-testid="address" data-how={useNavigationType()}>{`${location.pathname}${location.search}`}</output>;
}
const address = () => screen.getByTestId('address').textContent;

function show(node: ReactNode, at = '/income/servicefee?month=2026-10', data: [readonly unknown[], unknown][] = []) {
  return renderPage(
    <>
      {node}
      <Address />
    </>,
    { at, data, fresh: true },
  );
}

/** The bodies of the statementChange calls, in order. */
const bodies = () => post.mock.calls.filter((c) => c[0] === PATH).map((c) => c[1] as Record<string, unknown>);
/** The card titled `name`, once its answer is on screen (`loaded: false`: at once). */
async function card(name: string | RegExp, { loaded = true } = {}) {
  const section = (await screen.findByRole('heading', { name, level: 2 })).closest('section')!;
  if (loaded) await waitFor(() => expect(within(section).queryByRole('status')).toBeNull());
  return section;
}
const answer = (d: StatementChangeData | ((body: Record<string, unknown>) => StatementChangeData)) =>
  post.mockImplementation(async (path: string, body: Record<string, unknown>) =>
    path === PATH ? (typeof d === 'function' ? d(body) : d) : new Promise(() => undefined),
  );

beforeEach(async () => {
  post.mockReset();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('the statement change card', () => {
  it('shows both changes signed, the sentence, and the causes in the order given with their signed net', async () => {
    answer(change);
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with Sep 2026');
    await within(section).findByText("Lin's leg fell: ¥900.00 less promotion fee.");
    expect(bodies()).toEqual([{ month: '2026-10' }]);

    const pretax = section.querySelector('[data-pretax-change-fen]')!;
    expect(pretax).toHaveTextContent('−¥300.00');
    expect(pretax).toHaveTextContent('Change in pre-tax pay');
    expect(pretax).toHaveTextContent('¥5,000.00 → ¥4,700.00');
    const net = section.querySelector('[data-net-change-fen]')!;
    expect(net).toHaveTextContent('−¥420.00');
    expect(net).toHaveTextContent('Change in net pay');

    const list = within(section).getByRole('list', { name: /What changed/ });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      "Lin's leg 2,000 → 1,100 PV · 300****1234, −¥900.00",
      'Own BV up, +¥600.00',
      'More tax withheld, −¥120.00',
    ]);
  });

  it('links a cause to the page its href names, inside the app, and leaves a cause without a page as text', async () => {
    answer(change);
    // Staff looking a distributor up: the session names the distributor (lib/api-client.ts queriedAda).
    sessionStorage.setItem('channel', 'iinquiry');
    setSession('queryAda', '12345678');
    try {
      show(<StatementChange month="2026-10" />, '/income/servicefee?month=2026-10&queryAda=12345678');
      const section = await card('Compared with Sep 2026');
      const leg = within(section).getByRole('link', { name: /Lin's leg 2,000 → 1,100 PV/ });
      expect(leg).toHaveAttribute('href', '/income/promotionservicefee?month=2026-10');
      expect(leg).toHaveTextContent('−¥900.00');
      expect(within(section).getByRole('link', { name: /Own BV up/ })).toHaveAttribute('href', '/income/commissiondetail?month=2026-10');
      expect(within(section).queryByRole('link', { name: /More tax withheld/ })).toBeNull();

      fireEvent.click(leg);
      // A navigation of the app's router (no page load): the session, and the distributor staff look at, stay.
      expect(address()).toBe('/income/promotionservicefee?month=2026-10');
      expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'PUSH');
      expect(getSession('queryAda')).toBe('12345678');
      expect(getSession('channel')).toBe('iinquiry');
    } finally {
      sessionStorage.clear();
    }
  });

  it('shows the first five causes and all of them on demand', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      part({ kind: 'adjustment', netFen: 7_000 - i * 1_000, text: { zh: `调整 ${i + 1}`, en: `Adjustment ${i + 1}` } }),
    );
    answer({ ...change, parts: many });
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with Sep 2026');
    const list = within(section).getByRole('list', { name: /What changed/ });
    const texts = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(texts()).toEqual([
      'Adjustment 1, +¥70.00',
      'Adjustment 2, +¥60.00',
      'Adjustment 3, +¥50.00',
      'Adjustment 4, +¥40.00',
      'Adjustment 5, +¥30.00',
    ]);

    const toggle = within(section).getByRole('button', { name: 'Show all 7' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    fireEvent.click(toggle);
    expect(texts()).toHaveLength(7);
    expect(texts().at(-1)).toBe('Adjustment 7, +¥10.00');
    const fewer = within(section).getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(fewer);
    expect(texts()).toHaveLength(5);
  });

  it('has no toggle for five causes or fewer', async () => {
    answer(change);
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with Sep 2026');
    expect(within(section).queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('compares with the month chosen: in the address, in the request, and in the title', async () => {
    answer((body) =>
      body.compare === '2026-07' ? { ...change, compare: '2026-07', summary: { zh: '七月', en: 'Against July' } } : change,
    );
    show(<StatementChange month="2026-10" />, '/income/servicefee?month=2026-10&queryAda=12345678');
    const section = await card('Compared with Sep 2026');
    const picker = within(section).getByRole('combobox', { name: 'Compare with' });
    expect(picker).toHaveValue('2026-09');
    // Every statement month but the one explained.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sep 2026', 'Aug 2026', 'Jul 2026']);

    fireEvent.change(picker, { target: { value: '2026-07' } });
    expect(address()).toBe('/income/servicefee?month=2026-10&queryAda=12345678&compare=2026-07');
    expect(screen.getByTestId('address')).toHaveAttribute('data-how', 'REPLACE');
    await within(section).findByText('Against July');
    expect(bodies()).toEqual([{ month: '2026-10' }, { month: '2026-10', compare: '2026-07' }]);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Compared with Jul 2026');
  });

  it('opens on the month the address compares with', async () => {
    answer((body) => ({ ...change, compare: String(body.compare) }));
    show(<StatementChange month="2026-10" />, '/income/servicefee?month=2026-10&compare=2026-08');
    const section = await card('Compared with Aug 2026');
    expect(within(section).getByRole('combobox', { name: 'Compare with' })).toHaveValue('2026-08');
    expect(bodies()).toEqual([{ month: '2026-10', compare: '2026-08' }]);
  });

  it('says the first statement has nothing earlier to compare with', async () => {
    answer({
      ...change,
      compare: null,
      months: ['2026-10'],
      from: null,
      fromVolume: null,
      pretaxChangeFen: 0,
      netChangeFen: 0,
      summary: null,
      parts: [],
    });
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with the statement before');
    expect(within(section).getByText('This is the first statement: there is no earlier statement to compare with.')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });

  it('says a statement the same as the one compared with did not change', async () => {
    answer({ ...change, to: change.from, pretaxChangeFen: 0, netChangeFen: 0, summary: null, parts: [] });
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with Sep 2026');
    expect(within(section).getByText('The same as Sep 2026: nothing changed.')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(section.querySelector('[data-net-change-fen]')).toBeNull();
  });

  it('shows a skeleton while it loads and the usual error, with a retry, when the call fails', async () => {
    let fail: (e: unknown) => void = () => undefined;
    post.mockImplementation((path: string) => new Promise((_, reject) => (path === PATH ? (fail = reject) : undefined)));
    show(<StatementChange month="2026-10" />);
    const section = await card('Compared with the statement before', { loaded: false });
    expect(within(section).getByRole('status', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');

    await act(async () => fail(new ApiError(9_900_500, 'The service is busy')));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The service is busy');
    answer(change);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await card('Compared with Sep 2026');
    expect(bodies()).toHaveLength(2);
  });

  it('says which month could not be compared with when the address names one the BFF refuses', async () => {
    post.mockImplementation(async () => {
      throw new ApiError(Code.BAD_REQUEST, 'Bad request');
    });
    show(<StatementChange month="2026-10" />, '/income/servicefee?month=2026-10&compare=2019-01');
    const section = await card('Compared with Jan 2019');
    expect(within(section).getByRole('alert')).toHaveTextContent(
      '2019-01 cannot be queried: choose a month with a statement from the month list',
    );
  });

  it('reads in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    answer({ ...change, parts: [...parts, ...parts.map((p) => ({ ...p, kind: 'adjustment' as const }))] });
    show(<StatementChange month="2026-10" />);
    const section = await card('与 2026年9月 相比');
    expect(section.querySelector('[data-net-change-fen]')).toHaveTextContent('实发收入变化');
    expect(within(section).getByText('林的一线 PV 下降，推广服务费减少 ¥900.00。')).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: /变化原因/ });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('林的一线 2,000 → 1,100 PV · 300****1234, −¥900.00');
    expect(within(section).getByRole('button', { name: '显示全部 6 项' })).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: '对比月份' })).toHaveDisplayValue('2026年9月');
  });
});

describe('on the service-fee page', () => {
  const statement: StatementData = {
    ...OCT_2026_STATEMENT,
    pretaxFen: 470_000,
    taxFen: 92_000,
    netFen: 378_000,
    withholding: { pretaxFen: 470_000, deductionFen: 94_000, taxableFen: 376_000, ratePercent: 20, quickDeductionFen: 0, taxFen: 92_000 },
  };
  const list: StatementListData = {
    py: '26/27',
    pys: ['26/27'],
    latestMonth: '2026-10',
    rows: [{ month: '2026-10', paidOn: '2026-11-15', pretaxFen: 470_000, taxFen: 92_000, netFen: 378_000 }],
    totals: { pretaxFen: 470_000, taxFen: 92_000, netFen: 378_000 },
  };

  it('explains the statement on screen, loading the card once the statement is there', async () => {
    answer(change);
    show(<ServiceFeePage />, '/income/servicefee', [
      [statementQuery().queryKey, statement],
      [statementsQuery('26/27').queryKey, list],
    ]);
    const section = await card('Compared with Sep 2026');
    await waitFor(() => expect(bodies()).toEqual([{ month: '2026-10' }]));
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });
});
