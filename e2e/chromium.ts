/**
 * How Debian's Chromium runs headless here: for the end-to-end tests (playwright.config.ts) and
 * Lighthouse (bench/lighthouse.ts) alike.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
