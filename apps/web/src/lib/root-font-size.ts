/** docs/contract.md §9: root font size = viewport width / 10, width capped at 414 per pixel ratio; resize debounced 300 ms. */
export const MAX_WIDTH_PER_DPR = 414;
export const RESIZE_DEBOUNCE_MS = 300;

export function rootFontSize(viewportWidth: number, devicePixelRatio: number): number {
  const dpr = devicePixelRatio || 1;
  const width = viewportWidth / dpr > MAX_WIDTH_PER_DPR ? MAX_WIDTH_PER_DPR * dpr : viewportWidth;
  return width / 10;
}

export function installRootFontSize(win: Window = window): () => void {
  const apply = () => {
    const width = win.document.documentElement.getBoundingClientRect().width || win.innerWidth;
    win.document.documentElement.style.fontSize = `${rootFontSize(width, win.devicePixelRatio)}px`;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
  };
  apply();
  win.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('resize', onResize);
  };
}
