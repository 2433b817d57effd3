// The year-in-review image, drawn from the page (html-to-image, with the page's fonts) when the
// user asks for it; the library loads then. Statements and certificates are PDFs the BFF makes
// (document-button.tsx).

const imageOptions = (el: HTMLElement) => ({
  pixelRatio: 2,
  backgroundColor: '#ffffff',
  cacheBust: false,
  width: el.offsetWidth,
  height: el.offsetHeight,
  // Buttons are for the screen, not the file.
  filter: (node: unknown) => !(node instanceof HTMLElement && node.dataset['export'] === 'skip'),
});

/** Saves an element as a PNG file (desktop browsers: a webview drops the download). */
export async function exportPng(el: HTMLElement, fileName: string): Promise<void> {
  const [{ toBlob }, { saveBlob }] = await Promise.all([import('html-to-image'), import('../../../lib/deliver-file.ts')]);
  const blob = await toBlob(el, imageOptions(el));
  if (!blob) throw new Error('the image could not be drawn');
  saveBlob(blob, fileName);
}

/** An element as a PNG data URL, to show full screen for a long press to save (WeChat, the app). */
export async function pngDataUrl(el: HTMLElement): Promise<string> {
  const { toPng } = await import('html-to-image');
  return toPng(el, imageOptions(el));
}
