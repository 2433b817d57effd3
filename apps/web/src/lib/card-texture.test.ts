import { describe, expect, it } from 'vitest';
import { CARD_TEXTURE_HEIGHTS, cardTextureBackground, cardTextureSvg, cardTextureUrl, nearestCardHeight } from './card-texture.ts';

describe('nearestCardHeight (docs/contract.md §2)', () => {
  it('lists exactly the twelve spec heights in order', () => {
    expect(CARD_TEXTURE_HEIGHTS).toEqual([125, 136, 148, 164, 189, 202, 224, 248, 273, 286, 312, 362]);
  });

  it('returns a listed height unchanged', () => {
    for (const h of CARD_TEXTURE_HEIGHTS) expect(nearestCardHeight(h)).toBe(h);
  });

  it('picks the nearest listed height', () => {
    expect(nearestCardHeight(130)).toBe(125);
    expect(nearestCardHeight(131)).toBe(136);
    expect(nearestCardHeight(170.4)).toBe(164);
    expect(nearestCardHeight(300)).toBe(312);
    expect(nearestCardHeight(338)).toBe(362);
  });

  it('breaks a tie towards the smaller height', () => {
    expect(nearestCardHeight(130.5)).toBe(125);
    expect(nearestCardHeight(176.5)).toBe(164);
    expect(nearestCardHeight(279.5)).toBe(273);
    expect(nearestCardHeight(337)).toBe(312);
  });

  it('clamps to the ends and survives nonsense', () => {
    expect(nearestCardHeight(0)).toBe(125);
    expect(nearestCardHeight(-40)).toBe(125);
    expect(nearestCardHeight(2000)).toBe(362);
    expect(nearestCardHeight(Number.NaN)).toBe(125);
    expect(nearestCardHeight(Number.POSITIVE_INFINITY)).toBe(125);
  });
});

describe('card textures', () => {
  it('has a distinct small SVG data URL for each height', () => {
    const urls = CARD_TEXTURE_HEIGHTS.map((h) => cardTextureUrl(h));
    expect(new Set(urls).size).toBe(12);
    for (const url of urls) {
      expect(url.startsWith('data:image/svg+xml,')).toBe(true);
      expect(url.length).toBeLessThan(1024);
      // Usable inside CSS url("…") as is.
      expect(url).not.toMatch(/["#<>]/);
    }
  });

  it('draws each texture at its own height in the brand colour', () => {
    const svg = cardTextureSvg(224);
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect(root.getAttribute('height')).toBe('224');
    expect(root.getAttribute('viewBox')).toBe('0 0 750 224');
    expect(svg).toContain('#31507a');
  });

  it('decodes back to the SVG source', () => {
    const url = cardTextureUrl(189);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(cardTextureSvg(189));
  });

  it('maps a measured height to the texture of the nearest listed height', () => {
    expect(cardTextureUrl(150)).toBe(cardTextureUrl(148));
    expect(cardTextureBackground(366)).toBe(`url("${cardTextureUrl(362)}")`);
  });
});
