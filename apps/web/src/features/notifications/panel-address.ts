// The notifications panel has no route of its own (the route table is the spec's): it is addressed
// by a query parameter on whatever page is showing, so Back closes it, a link opens it and a
// refresh keeps it open.
export const PANEL_PARAM = 'notifications';

export type PanelTab = 'list' | 'settings';

/** The tab the address opens the panel on, or null when it is closed. */
export function panelTab(search: string): PanelTab | null {
  const value = new URLSearchParams(search).get(PANEL_PARAM);
  if (value === null || value === '0') return null;
  return value === 'settings' ? 'settings' : 'list';
}

function withParam(search: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(PANEL_PARAM);
  else params.set(PANEL_PARAM, value);
  const out = params.toString();
  return out ? `?${out}` : '';
}

/** The search string of this page with the panel open. */
export const withPanel = (search: string, tab: PanelTab = 'list') => withParam(search, tab === 'settings' ? 'settings' : '1');
/** The search string of this page with the panel closed. */
export const withoutPanel = (search: string) => withParam(search, null);

/**
 * Only app paths open from a notification (`/income/servicefee?month=2026-10`): never another
 * site (`//host`), a scheme or a backslash trick.
 */
export function safeAppLink(link: string): string | null {
  return /^\/(?![/\\])[^\s\\]*$/.test(link) ? link : null;
}
