// Bilingual text: every user-facing name the engine produces comes in Chinese and English.
export interface Text {
  readonly zh: string;
  readonly en: string;
}

export function text(zh: string, en: string): Text {
  return { zh, en };
}
