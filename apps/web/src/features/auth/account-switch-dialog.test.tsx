import type { UserProfile } from '@abo/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { AccountSwitchDialog, confirmAccountSwitch } from './account-switch-dialog.tsx';

const profile = (ada: string, fullName: string) => ({ ada, fullName, amway_id: ada, amway_user_type: 'ABO' }) as UserProfile;
const CURRENT = profile('10000001', '王小明');
const NEXT = profile('10000004', 'Chen Zhiqiang');

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});
afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
  vi.restoreAllMocks();
});

describe('AccountSwitchDialog', () => {
  it('asks in a named dialog which account to use, both masked, the safe choice focused', () => {
    const onDecide = vi.fn();
    render(<AccountSwitchDialog current={CURRENT} next={NEXT} onDecide={onDecide} />);
    const dialog = screen.getByRole('dialog', { name: '切换到账号 100******04？' });
    expect(dialog).toHaveAccessibleDescription(/本窗口已登录另一个账号/);
    expect(dialog).toHaveTextContent('当前账号王*明 · 100******01');
    expect(dialog).toHaveTextContent('新登录的账号Chen Z*** · 100******04');
    expect(dialog).not.toHaveTextContent('10000004');
    expect(screen.getByRole('button', { name: '保留当前账号' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: '切换账号' }));
    expect(onDecide).toHaveBeenCalledWith(true);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en-US');
    render(<AccountSwitchDialog current={CURRENT} next={NEXT} onDecide={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Switch to account 100******04?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep current account' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeInTheDocument();
  });

  it('keeps the current account on Escape, and keeps Tab inside without a native modal', () => {
    const onDecide = vi.fn();
    render(<AccountSwitchDialog current={CURRENT} next={NEXT} onDecide={onDecide} />);
    const keep = screen.getByRole('button', { name: '保留当前账号' });
    const change = screen.getByRole('button', { name: '切换账号' });
    fireEvent.keyDown(keep, { key: 'Tab' });
    expect(change).toHaveFocus();
    fireEvent.keyDown(change, { key: 'Tab' });
    expect(keep).toHaveFocus();
    fireEvent.keyDown(keep, { key: 'Tab', shiftKey: true });
    expect(change).toHaveFocus();
    fireEvent.keyDown(change, { key: 'Escape' });
    expect(onDecide).toHaveBeenCalledWith(false);
  });

  it('opens as a native modal where the browser has one; its cancel keeps the current account', () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    Object.defineProperty(HTMLDialogElement.prototype, 'close', {
      value(this: HTMLDialogElement) {
        this.removeAttribute('open');
      },
      configurable: true,
    });
    try {
      const onDecide = vi.fn();
      const { container, unmount } = render(<AccountSwitchDialog current={CURRENT} next={NEXT} onDecide={onDecide} />);
      const dialog = container.querySelector('dialog')!;
      expect(showModal).toHaveBeenCalledOnce();
      expect(dialog).toHaveAttribute('open');
      // The implicit role of a modal <dialog>; no fallback attributes.
      expect(dialog).not.toHaveAttribute('role');
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
      expect(onDecide).toHaveBeenCalledWith(false);
      unmount();
      expect(dialog).not.toHaveAttribute('open');
    } finally {
      delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal;
      delete (HTMLDialogElement.prototype as { close?: unknown }).close;
    }
  });
});

describe('confirmAccountSwitch', () => {
  it('resolves with the choice and takes the dialog away', async () => {
    const answer = confirmAccountSwitch({ current: CURRENT, next: NEXT });
    const change = await screen.findByRole('button', { name: '切换账号' });
    fireEvent.click(change);
    await expect(answer).resolves.toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the current account when the navigation that asked is abandoned', async () => {
    const controller = new AbortController();
    const answer = confirmAccountSwitch({ current: CURRENT, next: NEXT, signal: controller.signal });
    await screen.findByRole('dialog');
    controller.abort();
    await expect(answer).resolves.toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
