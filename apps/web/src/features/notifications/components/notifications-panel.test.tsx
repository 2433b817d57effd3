import type { NotificationItem } from '@abo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/storage.ts';
import { fakeBff, item, renderApp } from '../testing.tsx';
import { inEnglish } from '../../../testing/in-english.ts';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

inEnglish();
afterEach(() => vi.unstubAllGlobals());

/** A distributor's notifications: two unread, one read; reads answer the count left. */
function inbox(items: NotificationItem[], next: string | null = null) {
  let unread = items.filter((i) => !i.readAt).length;
  return fakeBff({
    '/bff/v1/notifications/unread': () => ({ unread }),
    '/bff/v1/notifications/list': () => ({ items, unread, next }),
    '/bff/v1/notifications/read': (body) => {
      const ids = body['ids'] as string[] | undefined;
      for (const i of items) if (!i.readAt && (body['all'] || ids?.includes(i.id))) i.readAt = new Date().toISOString();
      unread = items.filter((i) => !i.readAt).length;
      return { unread };
    },
  });
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('link', { name: /^Notifications, \d+ unread$/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the notifications panel', () => {
  it('opens from the bell as ?notifications=1 and lists the notifications, unread ones marked', async () => {
    inbox([
      item('3'),
      item('2', { title: { zh: '接近', en: 'Near 18%' }, kind: 'nearThreshold' }),
      item('1', { readAt: '2026-11-01T00:00:00Z' }),
    ]);
    const { router } = renderApp('/');
    const dialog = await openPanel();
    expect(router.state.location.search).toBe('?notifications=1');
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Unread: October closed 3');
    expect(rows[0]).toHaveTextContent('Month closed');
    expect(rows[0]).toHaveTextContent('3 hours ago');
    expect(rows[1]).toHaveTextContent('Unread: Near 18%');
    expect(rows[2]).not.toHaveTextContent('Unread');
    expect(within(dialog).getByRole('tab', { name: 'Messages (2 unread)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opening one marks it read and lands on the page and month that explain it, one fewer unread', async () => {
    const calls = inbox([item('3'), item('2')]);
    const { router } = renderApp('/');
    const dialog = await openPanel();
    const link = await within(dialog).findByRole('link', { name: /October closed 3/ });
    expect(link).toHaveAttribute('href', '/income/servicefee?month=2026-10');
    fireEvent.click(link);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/income/servicefee?month=2026-10');
    expect(router.state.location.search).toBe('?month=2026-10');
    expect(calls.find((c) => c.path === '/bff/v1/notifications/read')?.body).toMatchObject({ ids: ['3'] });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opening one already read marks nothing', async () => {
    const calls = inbox([item('3', { readAt: '2026-11-20T00:00:00Z' }), item('2')]);
    renderApp('/');
    const dialog = await openPanel();
    fireEvent.click(await within(dialog).findByRole('link', { name: /October closed 3/ }));
    await screen.findByTestId('landed');
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/read')).toHaveLength(0);
  });

  it('"Mark all read" sends all and clears the count', async () => {
    const calls = inbox([item('3'), item('2')]);
    renderApp('/');
    const dialog = await openPanel();
    await within(dialog).findAllByRole('listitem');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/bff/v1/notifications/read')?.body).toMatchObject({ all: true }));
    await waitFor(() => expect(within(dialog).queryByText(/^Unread:/)).toBeNull());
    expect(within(dialog).getByRole('tab', { name: 'Messages' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('loads more by the answer’s next', async () => {
    const calls = fakeBff({
      '/bff/v1/notifications/unread': () => ({ unread: 1 }),
      '/bff/v1/notifications/list': (body) =>
        body['before'] === '3'
          ? { items: [item('2', { title: { zh: '旧', en: 'Older' } })], unread: 1, next: null }
          : { items: [item('3')], unread: 1, next: '3' },
    });
    renderApp('/');
    const dialog = await openPanel();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('Older')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/list').map((c) => c.body['before'])).toEqual([undefined, '3']);
  });

  it('says what will appear when there is nothing yet', async () => {
    fakeBff({
      '/bff/v1/notifications/unread': () => ({ unread: 0 }),
      '/bff/v1/notifications/list': () => ({ items: [], unread: 0, next: null }),
    });
    renderApp('/?notifications=1');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(dialog).getByText(/When a month closes/)).toBeInTheDocument();
  });

  it('shows a failure with a retry that asks again', async () => {
    let fail = true;
    const calls = fakeBff({
      '/bff/v1/notifications/unread': () => ({ unread: 1 }),
      '/bff/v1/notifications/list': () => {
        if (fail) throw new Error('down');
        return { items: [item('3')], unread: 1, next: null };
      },
    });
    renderApp('/?notifications=1');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Notifications could not load')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('October closed 3')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/list').length).toBeGreaterThanOrEqual(2);
  });

  it('closes with its close button, back to the page without the panel', async () => {
    inbox([item('3')]);
    const { router } = renderApp('/');
    const dialog = await openPanel();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('the notifications panel for staff', () => {
  it('shows each push’s status and nothing to change: no tabs, no switches, no read marks', async () => {
    setSession('channel', 'iinquiry');
    setSession('queryAda', '10000004');
    const calls = inbox([
      item('3', {
        deliveries: [
          { channel: 'wec', status: 'sent', attempts: 1, sentAt: '2026-11-02T01:00:00Z', error: null },
          { channel: 'ca', status: 'failed', attempts: 5, sentAt: null, error: 'no device token' },
        ],
      }),
      item('2', { deliveries: [{ channel: 'wec', status: 'skipped', attempts: 0, sentAt: null, error: null }] }),
    ]);
    renderApp('/?notifications=1');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const [pushes, skipped] = await within(dialog).findAllByRole('list', { name: 'Pushes' });
    expect(skipped).toHaveTextContent(/^WeChat · Not pushed \(off or no address\)$/);
    expect(pushes).toHaveTextContent('WeChat · Sent');
    expect(pushes).toHaveTextContent('1 attempt');
    expect(pushes).toHaveTextContent('App · Failed');
    expect(pushes).toHaveTextContent('5 attempts · no device token');
    expect(pushes).not.toHaveTextContent('off or no address');
    expect(within(dialog).getByText(/Staff view \(read only\)/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('link', { name: /October closed 3/ }));
    await screen.findByTestId('landed');
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/read')).toHaveLength(0);
  });
});
