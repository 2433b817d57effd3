// Bilingual text: every user-facing name the engine produces comes in Chinese and English.
// The type, its maker and the number format are @abo/words', under the engine's names.
export { bilingual as text, type Bilingual as Text } from '@abo/words';
/** An integer with thousands separators (`60,000`), independent of the runtime's locale data. */
export { formatCount as num } from '@abo/words';
