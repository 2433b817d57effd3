import type { IncomeWithholding, StatementItemView } from '@abo/contract';

/**
 * What one figure's trace needs: the inputs as the page's answer holds them. The popup works out
 * the rule and its numbers with the plan engine (the rule table of the figure's month), so no rule
 * is written into the web app.
 */
export type TraceInput =
  /** The month's performance bracket, from its group PV (own PV + the legs'). */
  | { kind: 'bracket'; month: string; ppv: number; gpv: number }
  /**
   * Whether a group is Q in a month (a 21 % group, a Q leg to its sponsor): its group PV against
   * the top bracket's threshold. `who` names the member when the page lists several.
   */
  | { kind: 'q'; month: string; gpv: number; ppv?: number; who?: string }
  /** Whether a month is an SP (Q) month, from its APV and 21 % legs. */
  | { kind: 'sp'; month: string; apv: number; qLegs: number }
  /** A month's APV: group PV less the 21 % legs' group PV. */
  | { kind: 'apv'; month: string; gpv: number; apv: number; ppv?: number; qLegs?: number }
  /** The tax withheld on one statement (remuneration for services). */
  | { kind: 'withholding'; month: string; withholding: IncomeWithholding }
  /** A calendar year's comprehensive-income tax and its balance with what was withheld. */
  | {
      kind: 'annualTax';
      year: string;
      grossFen: number;
      incomeRatioPercent: number;
      incomeFen: number;
      basicDeductionFen: number;
      taxableFen: number;
      ratePercent: number;
      quickDeductionFen: number;
      annualTaxFen: number;
      withheldFen: number;
      balanceFen: number;
    }
  /**
   * An end-of-month projection (an estimate): group PV so far ÷ days elapsed × days in the month,
   * and the bracket and promotion fee the engine gives that volume (packages/plan projections.ts).
   */
  | {
      kind: 'projection';
      month: string;
      gpv: number;
      daysElapsed: number;
      daysInMonth: number;
      projectedGpv: number;
      bracketPercent: number;
      promotionFen: number;
    }
  /** One item of a month's statement, worked out as the BFF says (item.derivation): base × rate only where it holds. */
  | { kind: 'item'; month: string; item: StatementItemView };
