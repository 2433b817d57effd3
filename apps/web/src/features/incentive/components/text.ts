import { pinName } from '@abo/plan';
import { formatPv } from '../../../lib/format.ts';
import { localText } from '../../../lib/use-local-text.ts';
import { PIN_KINDS } from './criterion-kinds.ts';

/** A criterion value as shown: pin names for pin criteria, grouped digits otherwise. */
export function criterionValue(kind: string, value: number, lang: string): string {
  if (PIN_KINDS.has(kind)) return value <= 0 ? '—' : pinLabel(value, lang);
  return formatPv(value, lang);
}

export function pinLabel(code: number, lang: string): string {
  return localText(pinName(code), lang);
}
