import type { NotificationPreferences } from '@abo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBff, renderApp } from '../testing.tsx';
import { inEnglish } from '../../../testing/in-english.ts';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const stored = (): NotificationPreferences => ({
  kinds: {
    monthClosed: true,
    nearThreshold: true,
    legQualified: true,
    legSlipping: true,
    memberJoined: false,
    planProgress: true,
    pinReached: true,
    eventDeadline: true,
  },
  channels: { wec: true, ca: true },
  quietHours: null,
});

async function openSettings() {
  const calls = fakeBff({
    '/bff/v1/notifications/unread': () => ({ unread: 0 }),
    '/bff/v1/notifications/list': () => ({ items: [], unread: 0, next: null }),
    '/bff/v1/notifications/preferences': stored,
    '/bff/v1/notifications/preferences/save': (body) => body['preferences'],
  });
  renderApp('/?notifications=1');
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Push settings' }));
  await within(dialog).findByRole('switch', { name: 'Month closed' });
  return { dialog, calls };
}

describe('push settings', () => {
  it('has a switch per kind, explained, and one per channel', async () => {
    const { dialog } = await openSettings();
    const kinds = ['Month closed', 'Near a threshold', 'Leg reached Q', 'Leg slipping', 'Plan progress', 'New pin', 'Event deadline'];
    for (const name of kinds) expect(within(dialog).getByRole('switch', { name })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Leg slipping' })).toHaveAccessibleDescription(
      'A leg that was Q last month is far from it this month',
    );
    expect(within(dialog).getByRole('switch', { name: 'WeChat' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'The company app' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Quiet hours on' })).not.toBeChecked();
    expect(within(dialog).getByText(/China time \(UTC\+8\)\. Pushes due in these hours wait until they end/)).toBeInTheDocument();
  });

  it('saves what was chosen and says so', async () => {
    const { dialog, calls } = await openSettings();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Leg slipping' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'The company app' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Quiet hours on' }));
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '21:30' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '07:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Saved'));
    const saves = calls.filter((c) => c.path === '/bff/v1/notifications/preferences/save');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body['preferences']).toEqual({
      ...stored(),
      kinds: { ...stored().kinds, legSlipping: false },
      channels: { wec: true, ca: false },
      quietHours: { from: '21:30', to: '07:00' },
    });
    // A change after saving takes the "Saved" away until it is saved too.
    fireEvent.click(within(dialog).getByRole('switch', { name: 'New pin' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
  });

  it('does not save quiet hours that start when they end', async () => {
    const { dialog, calls } = await openSettings();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Quiet hours on' }));
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Start and end must differ');
    expect(calls.filter((c) => c.path === '/bff/v1/notifications/preferences/save')).toHaveLength(0);
  });
});
