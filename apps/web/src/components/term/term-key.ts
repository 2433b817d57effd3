// Its own file so that the button (term.tsx) and the popup it loads on the first tap (term-popup.tsx)
// both name the terms without importing each other.

/** The terms a new member meets first (packages/plan/README.md), each defined in the popup. */
export type TermKey = 'pv' | 'bv' | 'apv' | 'spMonth' | 'q' | 'flq' | 'ldd' | 'bracket';
