import type { CSSProperties, ReactNode } from 'react';

// Han, kana and full-width forms: about 1.7 digit widths each (a digit is about 0.6 em).
const WIDE = /[\u3000-\u9fff\uff00-\uffef]/u;

/**
 * How many digit widths a figure takes, its unit (at half the size) included: the stylesheet
 * shrinks the figure to fit a narrow tile (three abreast on a 360 px phone) instead of letting
 * it overflow or break. Undefined for a value that is not plain text.
 */
export function figureWidth(value: ReactNode, unit?: string): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const width = (text: string) => Array.from(text).reduce((sum, c) => sum + (WIDE.test(c) ? 1.7 : 1), 0);
  return width(String(value)) + (unit ? width(unit) / 2 + 0.5 : 0);
}

/**
 * A headline number: large tabular digits, its unit and what it is. A percentage is written
 * as the app writes every percentage, "21%" (the sign joined to the figure, not "21 %").
 */
export function Figure({ value, unit, label, hint }: { value: ReactNode; unit?: string; label: ReactNode; hint?: ReactNode }) {
  if (unit === '%' && (typeof value === 'string' || typeof value === 'number')) {
    value = `${value}%`;
    unit = undefined;
  }
  const chars = figureWidth(value, unit);
  return (
    <div
      className={chars === undefined ? 'figure-block' : 'figure-block figure-block--fit'}
      style={chars === undefined ? undefined : ({ '--figure-chars': chars.toFixed(1) } as CSSProperties)}
    >
      <div className="figure-block__value">
        <span className="figure">{value}</span>
        {unit ? <span className="figure__unit">{unit}</span> : null}
      </div>
      <div className="muted small">{label}</div>
      {hint ? <div className="small">{hint}</div> : null}
    </div>
  );
}
