import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A table that scrolls sideways inside its card on a narrow screen. It can take the focus, so a
 * keyboard user scrolls it with the arrow keys, and screen readers announce it as a group named
 * `label`, or else after the table's caption or the title of the card it sits in. A group, not a
 * region: a landmark per table would crowd landmark navigation and repeat its card's name.
 */
export function TableScroll({ label, children }: { label?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (label || !el) return;
    // Read from the page rather than passed by every caller: the caption or card title is already there.
    const name = el.querySelector('caption')?.textContent ?? el.closest('section, .card')?.querySelector('h2, h3')?.textContent;
    if (name?.trim()) el.setAttribute('aria-label', name.trim());
    else el.removeAttribute('aria-label');
  });
  return (
    <div ref={box} className="table-wrap" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
