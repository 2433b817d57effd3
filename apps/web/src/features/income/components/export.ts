// Exports made in the browser. The libraries load only when the user asks for a file.
// jsPDF's built-in fonts have no Chinese glyphs, so the statement is drawn from the page
// (html-to-image, with the system CJK fonts) and placed into the PDF as an image.

function download(href: string, fileName: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const imageOptions = (el: HTMLElement) => ({
  pixelRatio: 2,
  backgroundColor: '#ffffff',
  cacheBust: false,
  width: el.offsetWidth,
  height: el.offsetHeight,
  // Buttons are for the screen, not the file.
  filter: (node: unknown) => !(node instanceof HTMLElement && node.dataset['export'] === 'skip'),
});

/** Saves an element as a PNG image. */
export async function exportPng(el: HTMLElement, fileName: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const url = await toPng(el, imageOptions(el));
  download(url, fileName);
}

/** Saves an element as an A4 PDF (one or more pages), text rendered with the page's fonts. */
export async function exportPdf(el: HTMLElement, fileName: string, title: string): Promise<void> {
  const [{ toPng }, { jsPDF }] = await Promise.all([import('html-to-image'), import('jspdf')]);
  const url = await toPng(el, imageOptions(el));
  const img = await new Promise<HTMLImageElement>((resolve, reject) => {
    const i = new Image();
    i.onload = () => resolve(i);
    i.onerror = () => reject(new Error('image'));
    i.src = url;
  });
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait' });
  pdf.setProperties({ title, creator: 'ABO Inquiry' });
  const margin = 10;
  const pageW = pdf.internal.pageSize.getWidth() - margin * 2;
  const pageH = pdf.internal.pageSize.getHeight() - margin * 2;
  const h = (img.height * pageW) / img.width;
  let y = 0;
  // Long statements continue on further pages: the same image shifted up by one page each time.
  do {
    if (y > 0) pdf.addPage();
    pdf.addImage(url, 'PNG', margin, margin - y, pageW, h, undefined, 'FAST');
    y += pageH;
  } while (y < h);
  pdf.save(fileName);
}
