import type { ReactNode } from 'react';

/** A headline number: large tabular digits, its unit and what it is. */
export function Figure({ value, unit, label, hint }: { value: ReactNode; unit?: string; label: ReactNode; hint?: ReactNode }) {
  return (
    <div className="figure-block">
      <div>
        <span className="figure">{value}</span>
        {unit ? <span className="figure__unit">{unit}</span> : null}
      </div>
      <div className="muted small">{label}</div>
      {hint ? <div className="small">{hint}</div> : null}
    </div>
  );
}
