// The font of every PDF document: Noto Sans SC (Source Han Sans, SIL Open Font License), shipped
// through npm by @embedpdf/fonts-sc — never a system font, never a download at run time. It holds
// Chinese, Latin, digits and the signs the documents print (¥ × − …); pdfkit embeds only the
// glyphs a document uses (a subset, a few tens of KB; cff-subset.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font, type GlyphRun } from 'fontkit';
import { inliningSubsets } from './cff-subset.ts';

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

/** Shaped words kept per font; past this the cache starts again (amounts make words without end). */
const LAYOUT_CACHE_SIZE = 20_000;

/**
 * The font as pdfkit gets it: the parsed font (through its prototype) with two methods of its own.
 * `createSubset` inlines subroutines (cff-subset.ts). `layout` keeps each word's shaping for the
 * process: pdfkit keeps it per document only, and shaping (GSUB/GPOS) was the largest cost after
 * the subset, for words mostly the same from document to document. pdfkit scales the positions of a
 * run in place, by 1000 / unitsPerEm: by 1 for this font, which changes nothing, so a kept run can
 * be handed out again as it is. A font of other units (or a text with features) is shaped anew.
 */
function forDocuments(font: Font): Font {
  const shape = font.layout.bind(font) as (text: string, ...rest: unknown[]) => GlyphRun;
  const shaped = new Map<string, GlyphRun>();
  const layout = (text: string, ...rest: unknown[]): GlyphRun => {
    if (font.unitsPerEm !== 1000 || rest.some((a) => a !== undefined)) return shape(text, ...rest);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= LAYOUT_CACHE_SIZE) shaped.clear();
      run = shape(text);
      shaped.set(text, run);
    }
    return run;
  };
  return Object.create(font, {
    createSubset: { value: inliningSubsets(font) },
    layout: { value: layout },
  }) as Font;
}

function load(file: string): Font {
  const font = create(fs.readFileSync(path.join(fontDir(), file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return forDocuments(font);
}

let fonts: DocumentFonts | undefined;

/**
 * The fonts, read and parsed once per process (the first document pays for it): pdfkit takes the
 * parsed font instead of parsing the 8 MB file for every document, and fontkit keeps the glyphs
 * it has decoded (and forDocuments their inlined outlines and the shaped words), so later
 * documents are faster still.
 */
export function documentFonts(): DocumentFonts {
  fonts ??= { regular: load('NotoSansHans-Regular.otf'), bold: load('NotoSansHans-Bold.otf') };
  return fonts;
}
