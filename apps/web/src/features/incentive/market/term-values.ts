import { NEAR_Q_SHARE, legQMonthsOf, marketRules, qThreshold, topBracket } from '@abo/plan';
import { formatPercent, formatPv } from '../../../lib/format.ts';

/** The numbers the plain-language terms quote, as the page shows them (i18next interpolation values). */
type TermValues = {
  /** The PY whose rule table the numbers come from. */
  readonly py: string;
  /** The Q threshold: the top bracket's minimum group PV ("10,000"). */
  readonly q: string;
  /** The top bracket ("21%"). */
  readonly top: string;
  /** SP (PQ) month: APV alone, APV with one 21% leg, 21% legs alone. */
  readonly apvAlone: string;
  readonly apvWithOneQLeg: string;
  readonly qLegsAlone: string;
  /** Q months in the PY that make a frontline leg a qualified leg (an LDD market). */
  readonly legQMonths: string;
  /** The "near Q" share of the threshold the market pages coach from ("40%"). */
  readonly nearShare: string;
  /** A compliance month's minimum personal PV. */
  readonly minPpv: string;
};

/**
 * The values the term texts interpolate ({{q}}, {{top}}, {{apvAlone}} …), from the plan
 * engine's rule table of a PY (the nearest table for a PY without its own), formatted for lang.
 */
export function termValues(py: string, lang: string): TermValues {
  const rules = marketRules(py);
  const pv = (n: number) => formatPv(n, lang);
  return {
    py,
    q: pv(qThreshold(rules.brackets)),
    top: formatPercent(topBracket(rules.brackets), lang),
    apvAlone: pv(rules.sp.apvAlone),
    apvWithOneQLeg: pv(rules.sp.apvWithOneQLeg),
    qLegsAlone: pv(rules.sp.qLegsAlone),
    legQMonths: pv(legQMonthsOf(rules)),
    nearShare: formatPercent(NEAR_Q_SHARE * 100, lang),
    minPpv: pv(rules.compliance.minPpv),
  };
}
