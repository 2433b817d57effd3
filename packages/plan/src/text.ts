// Bilingual text: every user-facing name the engine produces comes in Chinese and English.
export interface Text {
  readonly zh: string;
  readonly en: string;
}

export function text(zh: string, en: string): Text {
  return { zh, en };
}

/** An integer with thousands separators (`60,000`), independent of the runtime's locale data. */
export function num(n: number): string {
  const s = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${s}` : s;
}
