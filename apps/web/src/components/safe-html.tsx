import { useMemo, type CSSProperties } from 'react';
import { sanitizeHtml } from '../lib/sanitize.ts';

export interface SafeHtmlProps {
  /** Untrusted HTML (description pages, prompts); filtered to the docs/contract.md §5 allowlist. */
  html: string | null | undefined;
  className?: string;
}

/**
 * The box the HTML draws in, and never outside of, whatever style slips past the
 * sanitizer: `contain: paint` clips its content and makes it the containing block of even
 * `position: fixed` descendants, `overflow: hidden` does the clipping in browsers without
 * `contain`, `position: relative` anchors absolute ones and `isolation: isolate` keeps any
 * z-index inside. The 4px of padding (given back by the margin) leave room for the focus
 * ring of a link at the edge. Inline, so no stylesheet can be missing or override it.
 */
export const CONTAINMENT: CSSProperties = {
  position: 'relative',
  overflow: 'hidden',
  contain: 'paint',
  isolation: 'isolate',
  overflowWrap: 'break-word',
  margin: -4,
  padding: 4,
};

/**
 * The only way to render HTML in the app: the one place that sets
 * dangerouslySetInnerHTML, always with sanitized markup, in a box that contains it.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} style={CONTAINMENT} dangerouslySetInnerHTML={{ __html: clean }} />;
}
