import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardTextureUrl } from '../lib/card-texture.ts';
import { TexturedCard } from './textured-card.tsx';

/** A ResizeObserver the test drives by hand (jsdom has none and lays nothing out). */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  resize(height: number) {
    const target = this.observed[0]!;
    const entry = { target, borderBoxSize: [{ blockSize: height, inlineSize: 351 }] } as unknown as ResizeObserverEntry;
    act(() => this.callback([entry], this as unknown as ResizeObserver));
  }
}

describe('TexturedCard', () => {
  beforeEach(() => {
    FakeResizeObserver.instances = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has no texture until it has been measured', () => {
    render(<TexturedCard data-testid="card">content</TexturedCard>);
    const card = screen.getByTestId('card');
    expect(card).toHaveTextContent('content');
    expect(card.style.backgroundImage).toBe('');
    expect(card).not.toHaveAttribute('data-texture-height');
  });

  it('applies the texture of the nearest listed height and follows resizes', () => {
    render(<TexturedCard data-testid="card" className="card" />);
    const card = screen.getByTestId('card');
    const observer = FakeResizeObserver.instances[0]!;
    expect(observer.observed).toEqual([card]);

    observer.resize(170);
    expect(card).toHaveAttribute('data-texture-height', '164');
    expect(card.style.backgroundImage).toContain(cardTextureUrl(164));
    expect(card.style.backgroundSize).toBe('auto 100%');
    expect(card.style.backgroundRepeat).toBe('no-repeat');

    observer.resize(300);
    expect(card).toHaveAttribute('data-texture-height', '312');
    expect(card.style.backgroundImage).toContain(cardTextureUrl(312));
    expect(card).toHaveClass('card');
  });

  it('keeps the last texture while the card is hidden (height 0)', () => {
    render(<TexturedCard data-testid="card" />);
    const observer = FakeResizeObserver.instances[0]!;
    observer.resize(224);
    observer.resize(0);
    expect(screen.getByTestId('card')).toHaveAttribute('data-texture-height', '224');
  });

  it('lets the caller style win over the texture', () => {
    render(<TexturedCard data-testid="card" style={{ backgroundImage: 'none', padding: 12 }} />);
    FakeResizeObserver.instances[0]!.resize(148);
    const card = screen.getByTestId('card');
    expect(card.style.backgroundImage).toBe('none');
    expect(card.style.padding).toBe('12px');
  });

  it('stops observing when unmounted', () => {
    const { unmount } = render(<TexturedCard />);
    const observer = FakeResizeObserver.instances[0]!;
    unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('renders without a texture where ResizeObserver does not exist', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(<TexturedCard data-testid="card">plain</TexturedCard>);
    expect(screen.getByTestId('card')).toHaveTextContent('plain');
    expect(screen.getByTestId('card').style.backgroundImage).toBe('');
  });
});
