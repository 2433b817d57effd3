// Every user-facing text the engine and the BFF produce comes in Chinese and English.

/** A text in both languages the app is written in. */
export interface Bilingual {
  readonly zh: string;
  readonly en: string;
}

/** A bilingual text. */
export function bilingual(zh: string, en: string): Bilingual {
  return { zh, en };
}
