// A faster font subset for the PDF documents. The font (fonts.ts) is a CID-keyed CFF whose
// ideographs share 22 000 local and 600 global subroutines; fontkit's CFF subset keeps every
// subroutine slot (unused ones as a bare `return`) and encodes all of them for every document,
// which took half of a statement's time. This subset inlines the subroutines each glyph calls
// instead ("desubroutinizes", as hb-subset and fontTools can), so a document's font holds only its
// own glyphs' outlines, hints included, and no subroutine at all: a third of the bytes, a few ms to
// encode. A glyph's inlined charstring is worked out once per process. The rest of the CFF (top
// dict, font dicts, charset, FDSelect) is still written by fontkit's subset, which this one extends.
import type { Font, Subset } from 'fontkit';

/** Where an INDEX entry (a charstring, a subroutine) lies in the font file. */
interface IndexEntry {
  offset: number;
  length: number;
}

/** The parts of fontkit's parsed `CFF ` table read here. */
interface CffTable {
  stream: { buffer: Uint8Array };
  topDict: { CharStrings: readonly IndexEntry[] };
  globalSubrIndex?: readonly IndexEntry[];
  privateDictForGlyph(gid: number): { Subrs?: readonly IndexEntry[] | null } | null;
}

/** fontkit's CFF subset (not exported by fontkit): the members this one replaces or reads. */
interface FontkitCffSubset extends Subset {
  cff: CffTable;
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  subsetCharstrings(): void;
  subsetSubrs(subrs: readonly IndexEntry[], used: Record<number, boolean>): Uint8Array[] | null;
}

type SubsetClass = new (font: Font) => FontkitCffSubset;

/** The number added to a subroutine operand (Type 2 charstring format, section 4.7). */
const bias = (count: number) => (count < 1240 ? 107 : count < 33900 ? 1131 : 32768);

// Type 2 charstring operators (Adobe Technical Note #5177) the inliner has to understand.
const HSTEM = 1;
const VSTEM = 3;
const CALLSUBR = 10;
const RETURN = 11;
const ESCAPE = 12;
const ENDCHAR = 14;
const HSTEMHM = 18;
const HINTMASK = 19;
const CNTRMASK = 20;
const VSTEMHM = 23;
const SHORTINT = 28;
const CALLGSUBR = 29;
/** hflex, flex, hflex1, flex1: the only two-byte operators a charstring may keep. */
const FLEX_FIRST = 34;
const FLEX_LAST = 37;

/**
 * Glyph `gid`'s charstring with every callsubr / callgsubr replaced by the subroutine's body, so
 * it draws the same outline with the same hints and needs no subroutine. Throws on what the
 * Noto Sans CJK charstrings never hold (arithmetic operators, a computed subroutine number).
 */
export function inlineSubroutines(cff: CffTable, gid: number): Uint8Array {
  const buf = cff.stream.buffer;
  const global = cff.globalSubrIndex ?? [];
  const local = cff.privateDictForGlyph(gid)?.Subrs ?? [];
  const out: number[] = [];
  // The operands on the stack: where each starts in `out`, and its value, in pairs.
  let stack: number[] = [];
  // Stem hints so far: a hintmask holds one bit per stem.
  let stems = 0;
  let depth = 0;

  /** Copies one charstring or subroutine into `out`; true once endchar ended the glyph. */
  const copy = (entry: IndexEntry): boolean => {
    if (++depth > 11) throw new Error(`glyph ${gid}: subroutines nest too deep`);
    let i = entry.offset;
    const end = entry.offset + entry.length;
    while (i < end) {
      const b = buf[i]!;
      if (b >= 32 || b === SHORTINT) {
        let len = 1;
        let value = b - 139;
        if (b === SHORTINT) [len, value] = [3, ((buf[i + 1]! << 24) >> 16) | buf[i + 2]!];
        else if (b >= 247 && b <= 250) [len, value] = [2, (b - 247) * 256 + buf[i + 1]! + 108];
        else if (b >= 251 && b <= 254) [len, value] = [2, -(b - 251) * 256 - buf[i + 1]! - 108];
        else if (b === 255) [len, value] = [5, NaN]; // 16.16 fixed: never a subroutine number
        stack.push(out.length, value);
        for (let k = 0; k < len; k++) out.push(buf[i + k]!);
        i += len;
        continue;
      }
      i++;
      switch (b) {
        case CALLSUBR:
        case CALLGSUBR: {
          const value = stack.pop();
          const start = stack.pop();
          const subrs = b === CALLSUBR ? local : global;
          const subr = value === undefined ? undefined : subrs[value + bias(subrs.length)];
          if (start === undefined || !subr) throw new Error(`glyph ${gid}: no subroutine ${value}`);
          out.length = start; // drop the subroutine number: the body takes the call's place
          if (copy(subr)) return true;
          break;
        }
        case RETURN:
          depth--;
          return false;
        case ENDCHAR:
          out.push(b);
          return true;
        case HSTEM:
        case VSTEM:
        case HSTEMHM:
        case VSTEMHM:
          // Two operands a stem; an odd one out is the glyph's width.
          stems += stack.length >> 2;
          stack = [];
          out.push(b);
          break;
        case HINTMASK:
        case CNTRMASK: {
          // Operands before the first hintmask are vstem hints.
          stems += stack.length >> 2;
          stack = [];
          const bytes = (stems + 7) >> 3;
          out.push(b);
          for (let k = 0; k < bytes; k++) out.push(buf[i + k]!);
          i += bytes;
          break;
        }
        case ESCAPE: {
          const op = buf[i++]!;
          if (op < FLEX_FIRST || op > FLEX_LAST) throw new Error(`glyph ${gid}: operator 12 ${op}`);
          out.push(b, op);
          stack = [];
          break;
        }
        default:
          out.push(b);
          stack = [];
      }
    }
    depth--;
    return false;
  };

  const charString = cff.topDict.CharStrings[gid];
  if (!charString) throw new Error(`glyph ${gid}: no charstring`);
  copy(charString);
  return Uint8Array.from(out);
}

/**
 * `font.createSubset` for the documents: for a CFF font, a subset with the subroutines inlined
 * (each glyph's worked out once per process); else fontkit's own.
 */
export function inliningSubsets(font: Font): () => Subset {
  const Base = Object.getPrototypeOf(font.createSubset()).constructor as SubsetClass;
  const cff = (font as unknown as { 'CFF '?: CffTable })['CFF '];
  if (!cff) return () => font.createSubset();
  const inlined = new Map<number, Uint8Array>();
  const charStringOf = (gid: number) => {
    let c = inlined.get(gid);
    if (!c) inlined.set(gid, (c = inlineSubroutines(cff, gid)));
    return c;
  };

  class InliningSubset extends Base {
    /** False when a glyph could not be inlined: then the subset is fontkit's own, subroutines and all. */
    private inlining = true;

    override subsetCharstrings(): void {
      try {
        this.charstrings = this.glyphs.map(charStringOf);
        this.gsubrs = [];
      } catch {
        this.inlining = false;
        super.subsetCharstrings();
      }
    }

    /** The font dicts' local subroutines: none once inlined (fontkit then writes no Subrs). */
    override subsetSubrs(subrs: readonly IndexEntry[], used: Record<number, boolean>): Uint8Array[] | null {
      return this.inlining ? null : super.subsetSubrs(subrs, used);
    }
  }
  return () => new InliningSubset(font);
}
