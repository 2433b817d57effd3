import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize.ts';

export interface SafeHtmlProps {
  /** Untrusted HTML (description pages, prompts); filtered to the spec §5 allowlist. */
  html: string | null | undefined;
  className?: string;
}

/**
 * The only way to render HTML in the app: the one place that sets
 * dangerouslySetInnerHTML, always with sanitized markup.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
