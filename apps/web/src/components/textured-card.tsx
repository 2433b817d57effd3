import { useCallback, useState, type CSSProperties, type HTMLAttributes, type RefCallback } from 'react';
import { CARD_TEXTURE_LAYOUT, cardTextureBackground, nearestCardHeight, type CardTextureHeight } from '../lib/card-texture.ts';

/**
 * Measures an element with ResizeObserver and answers the texture height
 * (docs/contract.md §2) nearest to its rendered height. State changes only when the
 * nearest listed height changes, so a card growing by a few pixels does not
 * re-render. Without ResizeObserver (very old webviews) it stays `null` and
 * the card simply has no texture.
 */
export function useCardTexture<T extends HTMLElement>(): { ref: RefCallback<T>; textureHeight: CardTextureHeight | null } {
  const [textureHeight, setTextureHeight] = useState<CardTextureHeight | null>(null);
  const ref = useCallback((node: T | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      // Border box: the texture covers padding too, as the card's background does.
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      // A hidden card (display: none, a cached inactive view) measures 0: keep the last texture.
      if (height > 0) setTextureHeight(nearestCardHeight(height));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, textureHeight };
}

export type TexturedCardProps = HTMLAttributes<HTMLDivElement>;

/** A card whose background is the texture for its own measured height. */
export function TexturedCard({ style, children, ...rest }: TexturedCardProps) {
  const { ref, textureHeight } = useCardTexture<HTMLDivElement>();
  const texture: CSSProperties | undefined =
    textureHeight === null ? undefined : { backgroundImage: cardTextureBackground(textureHeight), ...CARD_TEXTURE_LAYOUT };
  return (
    <div {...rest} ref={ref} data-texture-height={textureHeight ?? undefined} style={{ ...texture, ...style }}>
      {children}
    </div>
  );
}
