/**
 * The business day the BFF tests run on (INQUIRY_TODAY): the demo dataset's and docs/examples'
 * today, PY 26/27 open, November so far. Tests about another day name theirs.
 */
export const TEST_TODAY = '2026-11-21';
