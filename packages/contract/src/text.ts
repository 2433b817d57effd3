import type { Bilingual } from '@abo/words';
import { z } from 'zod';

/**
 * A text in both languages the app is written in (@abo/words' Bilingual, the engine's Text).
 * Answers carry a bilingual text as this object, except where an answer keeps the flat fields of
 * docs/contract.md §3's user info (dstInfo's pinName and pinNameEn); the web picks the language with
 * useLocalText's `tx`.
 */
export const localTextSchema = z.object({ zh: z.string(), en: z.string() }) satisfies z.ZodType<Bilingual>;
export type LocalText = Bilingual;
