import { formatMonth } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { FigureTrace } from './figure-trace.tsx';

/**
 * A month's bracket in a table cell, with the icon that opens that month's bracket trace.
 * `label` names the figure for screen readers ("Bracket"): the month is added to it.
 */
export function BracketCell({ m, label }: { m: { month: string; bracket: number; ppv: number; gpv: number }; label: string }) {
  const { lang } = useLocalText();
  return (
    <>
      {m.bracket}%
      <FigureTrace
        compact
        trace={{ kind: 'bracket', month: m.month, ppv: m.ppv, gpv: m.gpv }}
        subject={`${label} ${formatMonth(m.month, lang)}`}
      />
    </>
  );
}
