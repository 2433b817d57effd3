// The watchlist's parts (issue #22): the star toggle on a member, the card of starred legs with
// each one's gap to Q, and the private note, for the distributor and (read-only) for staff.
import type { WatchlistData, WatchRow } from '@abo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { removeSession, setSession } from '../../lib/storage.ts';
import type { WatchButton as WatchButtonType } from './watch-button.tsx';
import type WatchlistCardType from './watchlist-card.tsx';
import type { WatchNote as WatchNoteType } from './watch-note.tsx';
import { renderPage } from '../../testing/render-page.tsx';
import { legShortOfQ } from '../../testing/member-rows.ts';

const post = vi.fn();
vi.mock('../../lib/api-client.ts', async (original) => ({
  ...(await original<object>()),
  post: (...args: unknown[]) => post(...args),
}));
const toast = vi.hoisted(() => vi.fn());
// The star loads the toast when it needs one (lib/antd-setup.ts with it).
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toast, clear: vi.fn() } }));

let WatchButton: typeof WatchButtonType;
let WatchlistCard: typeof WatchlistCardType;
let WatchNote: typeof WatchNoteType;

beforeAll(async () => {
  initI18n('en-US');
  await act(() => i18n.changeLanguage('en-US'));
  // The components bring their texts, added to i18n once it is set up.
  WatchButton = (await import('./watch-button.tsx')).WatchButton;
  WatchlistCard = (await import('./watchlist-card.tsx')).default;
  WatchNote = (await import('./watch-note.tsx')).WatchNote;
});

const leg = (i: number, over: Partial<WatchRow> = {}): WatchRow => ({
  ...legShortOfQ(i, 8812),
  note: '',
  ...over,
});
const data = (rows: WatchRow[], over: Partial<WatchlistData> = {}): WatchlistData => ({
  py: '26/27',
  month: '2026-11',
  qThreshold: 10000,
  max: 50,
  noteMax: 200,
  rows,
  ...over,
});

/** The BFF: the list as `rows` holds it, stars and notes applied to it. */
function serve(rows: WatchRow[], over: Partial<WatchlistData> = {}) {
  let list = [...rows];
  post.mockImplementation(async (path: string, body: { ref: string; watched?: boolean; note?: string }) => {
    if (path === '/bff/v1/incentive/market/watchlist') return data(list, over);
    if (path === '/bff/v1/common/dstInfo') return { ada: '20000001', fullName: 'Zhang San' };
    if (path === '/bff/v1/incentive/market/watch') {
      list = body.watched
        ? [...list.filter((r) => r.ref !== body.ref), leg(Number(body.ref.slice(1)))]
        : list.filter((r) => r.ref !== body.ref);
      return { ref: body.ref, watched: body.watched, count: list.length };
    }
    if (path === '/bff/v1/incentive/market/watchNote') {
      list = list.map((r) => (r.ref === body.ref ? { ...r, note: body.note! } : r));
      return { ref: body.ref, note: body.note };
    }
    throw new Error(`unexpected ${path}`);
  });
}

function wrap(ui: ReactNode) {
  return renderPage(ui);
}

beforeEach(() => {
  post.mockReset();
  toast.mockReset();
  setSession('channel', 'ebiz');
});
afterEach(() => {
  removeSession('channel');
  removeSession('queryAda');
});

describe('WatchlistCard', () => {
  it('lists each starred leg with its gap to Q this month, or Q ✓, linking to its details', async () => {
    serve([leg(1), leg(2, { isQ: true, pvToQ: 0, gpv: 10500, progressPct: 100, note: 'call Friday' })]);
    wrap(<WatchlistCard />);
    const card = await screen.findByRole('region', { name: 'My watchlist' });
    const links = await within(card).findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/incentiveplan/marketdetails?ref=m1');
    expect(links[0]).toHaveTextContent('Open market details of Li 1');
    expect(links[0]).toHaveTextContent('1,188 PV to Q');
    expect(links[0]).toHaveTextContent('Group PV 8,812 / 10,000');
    expect(links[1]).toHaveTextContent('Q ✓');
    expect(links[1]).toHaveTextContent('call Friday');
  });

  it('says how to star a leg when the list is empty', async () => {
    serve([]);
    wrap(<WatchlistCard />);
    expect(await screen.findByText(/You are not watching anyone yet/)).toHaveTextContent('Tap ☆ on Market member tracking');
    expect(screen.getByRole('link', { name: /Go to member tracking/ })).toHaveAttribute('href', '/incentiveplan/marketmembertracking');
  });

  it('shows the first few with a link to all, or a button that shows all in place', async () => {
    serve([1, 2, 3, 4].map((i) => leg(i)));
    const home = wrap(<WatchlistCard limit={2} />);
    await screen.findByText('Li 2');
    expect(screen.queryByText('Li 3')).toBeNull();
    expect(screen.getByRole('link', { name: /All 4/ })).toHaveAttribute('href', '/incentiveplan/marketmembertracking');
    home.unmount();
    wrap(<WatchlistCard limit={2} expand />);
    fireEvent.click(await screen.findByRole('button', { name: 'All 4' }));
    expect(screen.getByText('Li 4')).toBeInTheDocument();
  });

  it('is not shown to a leader reading a member’s pages through queryAda, and read-only for staff', async () => {
    serve([leg(1)]);
    setSession('queryAda', '20000001');
    const leader = wrap(<WatchlistCard />);
    expect(leader.container).toBeEmptyDOMElement();
    expect(post).not.toHaveBeenCalled();
    leader.unmount();
    setSession('channel', 'iinquiry');
    wrap(<WatchlistCard />);
    expect(await screen.findByText('Li 1')).toBeInTheDocument();
    expect(screen.getByText(/Read-only for staff/)).toBeInTheDocument();
    // Named as the distributor's, not as the staff member's own.
    expect(await screen.findByRole('heading', { name: 'Zhang San’s watchlist' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My watchlist' })).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    serve([]);
    post.mockRejectedValueOnce(new ApiError(9900004, 'network'));
    wrap(<WatchlistCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/You are not watching anyone yet/)).toBeInTheDocument();
  });
});

describe('WatchButton', () => {
  const member = { ...leg(3), note: undefined };

  it('is a toggle named after the member: pressing it stars them at once, again unstars', async () => {
    serve([leg(1)]);
    wrap(
      <>
        <WatchButton member={member} threshold={10000} />
        <WatchlistCard />
      </>,
    );
    const star = await screen.findByRole('button', { name: 'Watch Li 3' });
    await waitFor(() => expect(star).not.toHaveAttribute('aria-disabled', 'true'));
    expect(star).toHaveAttribute('aria-pressed', 'false');
    // The BFF answers only when told to.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const bff = post.getMockImplementation()!;
    post.mockImplementationOnce(async (...args: unknown[]) => {
      await answered;
      return bff(...args);
    });
    fireEvent.click(star);
    // Optimistic: pressed and in the card before the BFF answers.
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('Li 3')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/bff/v1/incentive/market/watch', { ref: 'm3', watched: true }, { loading: false });
    answer();
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/bff/v1/incentive/market/watchlist', {}));
    expect(star).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(() => expect(screen.queryByText('Li 3')).toBeNull());
  });

  it('puts the list back when the BFF refuses', async () => {
    serve([]);
    wrap(<WatchButton member={member} threshold={10000} />);
    const star = await screen.findByRole('button', { name: 'Watch Li 3' });
    await waitFor(() => expect(star).not.toHaveAttribute('aria-disabled', 'true'));
    post.mockImplementationOnce(async () => {
      throw new ApiError(9900403, 'You can only watch members of your own market');
    });
    fireEvent.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
  });

  it('says the list is full instead of starring one more', async () => {
    serve([leg(1), leg(2)], { max: 2 });
    wrap(<WatchButton member={member} threshold={10000} />);
    const star = await screen.findByRole('button', { name: 'Watch Li 3' });
    await waitFor(() => expect(star).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.click(star);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ content: 'You can watch up to 2 members: unstar one first.' }));
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(post).not.toHaveBeenCalledWith('/bff/v1/incentive/market/watch', expect.anything(), expect.anything());
  });

  it('is not there for staff', () => {
    setSession('channel', 'iinquiry');
    setSession('queryAda', '10000002');
    serve([]);
    const { container } = wrap(<WatchButton member={member} threshold={10000} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('WatchNote', () => {
  it('saves the note trimmed and confirms it', async () => {
    serve([leg(1, { note: 'old' })]);
    wrap(<WatchNote memberRef="m1" />);
    const box = await screen.findByRole('textbox', { name: 'My note (only you change it; company service staff can read it)' });
    expect(box).toHaveValue('old');
    expect(box).toHaveAttribute('maxLength', '200');
    fireEvent.change(box, { target: { value: '  visit on Friday ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Note saved');
    expect(post).toHaveBeenCalledWith('/bff/v1/incentive/market/watchNote', { ref: 'm1', note: 'visit on Friday' }, { loading: false });
    await waitFor(() => expect(box).toHaveValue('visit on Friday'));
  });

  it('refuses invisible format characters before sending the note', async () => {
    serve([leg(1)]);
    wrap(<WatchNote memberRef="m1" />);
    const box = await screen.findByRole('textbox');
    fireEvent.change(box, { target: { value: 'call \u202E10000004' } });
    expect(screen.getByText(/cannot hold invisible format characters/)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    expect(post).not.toHaveBeenCalledWith('/bff/v1/incentive/market/watchNote', expect.anything(), expect.anything());
  });

  it('says why a note was not saved', async () => {
    serve([leg(1)]);
    wrap(<WatchNote memberRef="m1" />);
    const box = await screen.findByRole('textbox');
    post.mockImplementationOnce(async () => {
      throw new ApiError(9900004, 'Network anomaly, please retry');
    });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('The note was not saved: Network anomaly, please retry')).toBeInTheDocument();
  });

  it('asks to star the member first, and shows staff the note without a box', async () => {
    serve([leg(1, { note: 'private' })]);
    const { unmount } = wrap(<WatchNote memberRef="m2" />);
    expect(await screen.findByText('Watch this member to add a note.')).toBeInTheDocument();
    unmount();
    setSession('channel', 'iinquiry');
    setSession('queryAda', '10000002');
    wrap(<WatchNote memberRef="m1" />);
    expect(await screen.findByText('private')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
