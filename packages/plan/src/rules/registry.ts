// All rule tables by PY. Adding a year = adding one table file and one line here.
import { pyOf, type DateLike, type PyName } from '../calendar.ts';
import { PY2223 } from './py2223.ts';
import { PY2324 } from './py2324.ts';
import { PY2425 } from './py2425.ts';
import { PY2526 } from './py2526.ts';
import { PY2627 } from './py2627.ts';
import type { RuleTable } from './types.ts';

export const RULE_TABLES: readonly RuleTable[] = [PY2223, PY2324, PY2425, PY2526, PY2627];

const byPy = new Map<PyName, RuleTable>(RULE_TABLES.map((t) => [t.py, t]));

/** The PYs that have a rule table, oldest first. */
export function knownPys(): PyName[] {
  return RULE_TABLES.map((t) => t.py);
}

export interface RulesForOptions {
  /** For a PY without a table: 'throw' (default) or use the nearest table ('nearest'). */
  fallback?: 'throw' | 'nearest';
}

/** The rule table of a PY (`25/26`). */
export function rulesFor(py: PyName, opts: RulesForOptions = {}): RuleTable {
  const t = byPy.get(py);
  if (t) return t;
  if (opts.fallback === 'nearest') {
    const first = RULE_TABLES[0]!;
    const last = RULE_TABLES[RULE_TABLES.length - 1]!;
    return py < first.py ? first : last;
  }
  throw new RangeError(`no rule table for performance year ${py}`);
}

/** The rule table in force for a month or date. */
export function rulesForMonth(d: DateLike, opts: RulesForOptions = {}): RuleTable {
  return rulesFor(pyOf(d), opts);
}
