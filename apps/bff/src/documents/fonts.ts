// The font of every PDF document: Noto Sans SC (Source Han Sans, SIL Open Font License), shipped
// through npm by @embedpdf/fonts-sc — never a system font, never a download at run time. It holds
// Chinese, Latin, digits and the signs the documents print (¥ × − …); pdfkit embeds only the
// glyphs a document uses (a subset, a few tens of KB).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/** The two weights the documents use. */
export interface DocumentFonts {
  regular: Font;
  bold: Font;
}

/**
 * The package's font folder, found by Node's module resolution from this file: from source
 * (tsx, vitest) and from the bundle in apps/bff/dist (node_modules stays external there) alike.
 * The package exports only its entry point (dist/index.cjs), so the folder is found beside it.
 */
function fontDir(): string {
  // Inside the function: the bundle's banner (build.mjs) declares a top-level `require` already.
  const require = createRequire(import.meta.url);
  return path.resolve(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
}

function load(file: string): Font {
  const font = create(fs.readFileSync(path.join(fontDir(), file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

let fonts: DocumentFonts | undefined;

/**
 * The fonts, read and parsed once per process (the first document pays for it): pdfkit takes the
 * parsed font instead of parsing the 8 MB file for every document, and fontkit keeps the glyphs
 * it has decoded, so later documents are faster still.
 */
export function documentFonts(): DocumentFonts {
  fonts ??= { regular: load('NotoSansHans-Regular.otf'), bold: load('NotoSansHans-Bold.otf') };
  return fonts;
}
