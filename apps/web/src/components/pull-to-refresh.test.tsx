import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { PullToRefresh } from './pull-to-refresh.tsx';

beforeAll(() => {
  initI18n('en-US');
});

afterEach(() => {
  window.scrollY = 0;
});

function pull(target: Element, dy: number, dx = 0) {
  fireEvent.touchStart(target, { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: 100 + dx / 2, clientY: 100 + dy / 2 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: 100 + dx, clientY: 100 + dy }] });
}

function setup() {
  let finish!: () => void;
  const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(
    <PullToRefresh onRefresh={onRefresh}>
      <p>content</p>
    </PullToRefresh>,
  );
  return { onRefresh, finish: () => finish(), content: screen.getByText('content'), status: screen.getByRole('status') };
}

describe('PullToRefresh', () => {
  it('refreshes when pulled past the threshold at the top of the page, telling what it does', async () => {
    const { onRefresh, finish, content, status } = setup();
    expect(status).toHaveTextContent('');
    pull(content, 30);
    expect(status).toHaveTextContent('Pull to refresh');
    pull(content, 100);
    expect(status).toHaveTextContent('Release to refresh');
    fireEvent.touchEnd(content);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(status).toHaveTextContent('Refreshing…');
    // A second pull while it refreshes does nothing.
    pull(content, 100);
    fireEvent.touchEnd(content);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(status).toHaveTextContent('Updated');
  });

  it('lets a short pull go without refreshing', () => {
    const { onRefresh, content, status } = setup();
    pull(content, 40);
    fireEvent.touchEnd(content);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(status).toHaveTextContent('');
  });

  it('leaves scrolling alone: a page scrolled down, or a sideways swipe', () => {
    const { onRefresh, content, status } = setup();
    window.scrollY = 200;
    pull(content, 100);
    fireEvent.touchEnd(content);
    window.scrollY = 0;
    pull(content, 100, 300);
    fireEvent.touchEnd(content);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(status).toHaveTextContent('');
  });
});
