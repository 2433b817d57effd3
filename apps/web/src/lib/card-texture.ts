/**
 * Card texture backgrounds of docs/contract.md §2: a card gets the texture drawn for the
 * nearest of twelve card heights, so the pattern keeps its proportions on
 * cards of any height. The textures are tiny inline SVGs generated here
 * (a few hundred bytes each, no image requests, no asset files): soft rings
 * in the top-right corner and a low wave along the bottom, in the brand
 * colour at a few percent opacity so text on top keeps its contrast.
 */
export const CARD_TEXTURE_HEIGHTS = [125, 136, 148, 164, 189, 202, 224, 248, 273, 286, 312, 362] as const;
export type CardTextureHeight = (typeof CARD_TEXTURE_HEIGHTS)[number];

const BRAND = '#31507a';
/**
 * Drawing width: twice a phone card, drawn to be shown at the card's height
 * (`background-size: auto 100%`) and anchored right. A phone card shows its
 * right half; a desktop card up to ~750 px wide shows all of it; past that
 * the wave has already faded out to the left, so there is no hard edge.
 */
const TEXTURE_WIDTH = 750;

/** How a texture is laid out on its card (see TEXTURE_WIDTH). */
export const CARD_TEXTURE_LAYOUT = {
  backgroundSize: 'auto 100%',
  backgroundPosition: 'right top',
  backgroundRepeat: 'no-repeat',
} as const;

/** The listed height nearest to `height`; a tie goes to the smaller one. */
export function nearestCardHeight(height: number): CardTextureHeight {
  let best: CardTextureHeight = CARD_TEXTURE_HEIGHTS[0];
  if (!Number.isFinite(height)) return best;
  for (const candidate of CARD_TEXTURE_HEIGHTS) {
    // Strictly closer only: scanning upwards, an equal distance keeps the smaller.
    if (Math.abs(candidate - height) < Math.abs(best - height)) best = candidate;
  }
  return best;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The SVG source of the texture for one of the listed heights. */
export function cardTextureSvg(height: CardTextureHeight): string {
  const w = TEXTURE_WIDTH;
  const h = height;
  // Rings centred just above the top-right corner, sized by the card height.
  const cx = w - 40;
  const cy = round(-h * 0.1);
  const r = round(h * 0.55);
  // Two thin waves across the lower part, fading in from the left.
  const y = round(h * 0.78);
  const wave = (dy: number) =>
    `<path d='M0 ${round(y + dy)}C${w * 0.3} ${round(y + dy - h * 0.14)} ${w * 0.62} ${round(y + dy + h * 0.12)} ${w} ${round(y + dy - h * 0.06)}'/>`;
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' viewBox='0 0 ${w} ${h}'>` +
    `<linearGradient id='f'><stop offset='0' stop-color='${BRAND}' stop-opacity='0'/><stop offset='.6' stop-color='${BRAND}'/></linearGradient>` +
    `<circle cx='${cx}' cy='${cy}' r='${round(r * 0.7)}' fill='${BRAND}' fill-opacity='.035'/>` +
    `<g fill='none' stroke='${BRAND}'>` +
    `<circle cx='${cx}' cy='${cy}' r='${r}' stroke-opacity='.09'/>` +
    `<circle cx='${cx}' cy='${cy}' r='${round(r * 1.3)}' stroke-opacity='.06'/>` +
    `<circle cx='${cx}' cy='${cy}' r='${round(r * 1.6)}' stroke-opacity='.035'/>` +
    `</g>` +
    `<g fill='none' stroke='url(#f)' stroke-opacity='.1'>${wave(0)}${wave(h * 0.07)}</g>` +
    `</svg>`
  );
}

/** Percent-encode only what a data URL inside CSS url("…") cannot hold as is. */
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.replace(/[<>#%"]/g, (c) => encodeURIComponent(c))}`;
}

const TEXTURE_URLS = new Map<CardTextureHeight, string>(CARD_TEXTURE_HEIGHTS.map((h) => [h, svgDataUrl(cardTextureSvg(h))]));

/** Data URL of the texture for a card of (measured) height `height`. */
export function cardTextureUrl(height: number): string {
  // Every listed height has an entry; the fallback only satisfies the type checker.
  return TEXTURE_URLS.get(nearestCardHeight(height)) ?? '';
}

/** CSS background-image value for a card of height `height`. */
export function cardTextureBackground(height: number): string {
  return `url("${cardTextureUrl(height)}")`;
}
