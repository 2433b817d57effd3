import type { ReactNode } from 'react';
import { Term } from './term.tsx';
import type { TermKey } from './term-key.ts';

const TAGGED = /<(pv|bv|apv|spMonth|q|flq|ldd|bracket)>(.*?)<\/\1>/g;

/**
 * A translated sentence whose terms are marked with their key, `<pv>PV</pv>`: each becomes a Term
 * in the sentence's own words. (A few lines instead of react-i18next's Trans and its HTML parser,
 * which would cost the first page several KB.)
 */
export function TermText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TAGGED)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <Term key={m.index} k={m[1] as TermKey}>
        {m[2]}
      </Term>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
