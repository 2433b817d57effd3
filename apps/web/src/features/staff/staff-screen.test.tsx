import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));

import { staffScreenFor } from '../../app/staff-screen.ts';
import { AppProviders } from '../../app/providers.tsx';
import { i18n, initI18n } from '../../i18n/index.ts';
import { setSession } from '../../lib/storage.ts';
import { recentLookups, rememberLookup } from './recent-lookups.ts';
import StaffBanner from './staff-banner.tsx';
import StaffScreen from './staff-screen.tsx';

const tokenFor = (sub: string) => `x.${btoa(JSON.stringify({ sub, staff: true })).replace(/=+$/, '')}.y`;
const envelope = (data: unknown, code = 0, message = 'ok') =>
  new Response(JSON.stringify({ code, message, success: code === 0, data }), { headers: { 'content-type': 'application/json' } });
const ZHANG = {
  ada: '10000004',
  nameZh: '张建国',
  nameEn: 'Zhang Jianguo',
  pinCode: 342,
  pinName: { zh: '创始人白金', en: 'Founders Platinum' },
  joinDate: '2019-03-01',
};

function renderLookup() {
  const router = createMemoryRouter([{ path: '/', element: <StaffScreen kind="lookup" /> }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('staff screens', () => {
  const assign = vi.fn();
  beforeAll(() => {
    initI18n('en-US');
  });
  beforeEach(() => {
    void i18n.changeLanguage('en-US');
    toast.show.mockClear();
    assign.mockClear();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/front/?lang=en', search: '?lang=en', assign });
    setSession('channel', 'iinquiry');
    setSession('adaToken', tokenFor('staff01'));
    setSession('oktaIdTokenKey', 'kid');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the look-up until a distributor is chosen, and a read-only notice on write pages', () => {
    const write = { area: 'achievement', keepAlive: false, ebizSkip: false, write: true } as const;
    const read = { ...write, write: false };
    expect(staffScreenFor('/', read, null)).toBe('lookup');
    expect(staffScreenFor('/incentiveplan', read, null)).toBe('lookup');
    expect(staffScreenFor('/incentiveplan', read, '10000004')).toBeNull();
    expect(staffScreenFor('/achievement/setshop', write, '10000004')).toBe('readOnly');
    // Their own diagnostics page (with their audit trail) needs no distributor.
    expect(staffScreenFor('/Test', read, null)).toBeNull();
  });

  it('a labelled search form: a whole name lists the people, and choosing one opens their page', async () => {
    const fetch = vi.fn(async () => envelope({ matches: [ZHANG], truncated: false }));
    vi.stubGlobal('fetch', fetch);
    renderLookup();
    const box = screen.getByRole('searchbox', { name: 'ABO number or name' });
    expect(screen.getByRole('search', { name: 'Look up a distributor' })).toContainElement(box);
    await userEvent.type(box, '张建国{Enter}');
    const open = await screen.findByRole('button', { name: 'Open 张建国 10000004' });
    expect(open).toHaveTextContent('10000004 · Founders Platinum · joined 2019-03-01');
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(new URL(url).pathname).toBe('/bff/v1/common/staffLookup');
    expect(JSON.parse(String(init.body))).toEqual({ q: '张建国', channel: 'iinquiry' });
    await userEvent.click(open);
    expect(assign).toHaveBeenCalledWith('/front/?lang=en&queryAda=10000004');
    expect(sessionStorage.getItem('queryAda')).toBe('10000004');
  });

  it('a whole ADA opens that distributor at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ matches: [ZHANG], truncated: false })),
    );
    renderLookup();
    await userEvent.type(screen.getByRole('searchbox'), ' 10000004 {Enter}');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/front/?lang=en&queryAda=10000004'));
  });

  it('lists the recent look-ups of this staff account', async () => {
    rememberLookup({ ada: '10000001', name: '王芳' });
    renderLookup();
    await userEvent.click(screen.getByRole('button', { name: 'Open 王芳 10000001' }));
    expect(assign).toHaveBeenCalledWith('/front/?lang=en&queryAda=10000001');
  });

  it('says a failure once, in place and in the UI language, never the server text of another language', async () => {
    await i18n.changeLanguage('zh-CN');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 9900004, 'Database unavailable')),
    );
    renderLookup();
    await userEvent.type(screen.getByRole('searchbox', { name: '会员号或姓名' }), '张建国{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('网络异常，请重试');
    expect(screen.queryByText(/Database unavailable/)).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('the banner: who, the whole ADA and that it is audited, remembered for the recent list, with the way back', async () => {
    setSession('queryAda', '10000004');
    const dstInfo = { ada: '10000004', amway_id: '10000004', amway_user_type: 'ABO', fullName: '张建国', pinCode: 342 };
    const { rerender } = render(<StaffBanner info={undefined} />);
    const banner = screen.getByTestId('staff-banner');
    expect(banner).toHaveTextContent('Viewing 10000004 as staff · audited');
    rerender(<StaffBanner info={dstInfo} />);
    expect(banner).toHaveTextContent('Viewing 张建国 10000004 as staff · audited');
    // The name is isolated: a right-to-left character in it cannot reorder the ADA after it.
    expect(banner.querySelector('bdi')).toHaveTextContent(/^张建国$/);
    expect(recentLookups()).toEqual([{ ada: '10000004', name: '张建国' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Look up another' }));
    expect(sessionStorage.getItem('queryAda')).toBeNull();
    // The app's base (/front/ in the build), in the same language.
    expect(assign).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}?lang=en`);
  });
});
