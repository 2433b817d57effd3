import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

/** A chunk whose download the test finishes. */
function chunk() {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  let loads = 0;
  const p = preloadable(async () => {
    loads++;
    await done;
    return { default: Counter };
  });
  return { ...p, finish, loads: () => loads };
}

describe('preloadable', () => {
  it('draws the component at once when its chunk was preloaded: no fallback, nothing to wait for', async () => {
    const c = chunk();
    const ready = c.preload();
    c.finish();
    await act(() => ready);
    render(<c.Component label="Legs" fallback={<p>loading</p>} />);
    expect(screen.getByRole('button', { name: 'Legs 0' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(c.loads()).toBe(1);
  });

  it('shows the fallback until a chunk not yet here arrives, and keeps its state once it has', async () => {
    const c = chunk();
    const { rerender } = render(<c.Component label="Tree" fallback={<p>loading</p>} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => {
      c.finish();
      await c.preload();
    });
    const button = await screen.findByRole('button', { name: 'Tree 0' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Tree 1' })).toBeInTheDocument();
    // Drawn again now that the chunk is here: the same component, not a fresh one.
    rerender(<c.Component label="Tree" fallback={<p>loading</p>} />);
    expect(screen.getByRole('button', { name: 'Tree 1' })).toBeInTheDocument();
    expect(c.loads()).toBe(1);
  });

  it('downloads once however often it is asked, and again after a failed download', async () => {
    let loads = 0;
    let fail = true;
    const p = preloadable(async () => {
      loads++;
      if (fail) throw new Error('offline');
      return { default: Counter };
    });
    await expect(p.preload()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([p.preload(), p.preload()]);
    expect(loads).toBe(2);
  });
});
