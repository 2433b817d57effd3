// Credentials taken out of any address-like text analytics reports (lib/analytics.ts). Apart
// from lib/credential-params.ts, which the sign-in guard uses: that module is in the shell,
// whose size has a budget (bench/bundle.ts), and only analytics needs this.
import { withoutCredentialParams, withoutCredentials } from './credential-params.ts';

const SCRUB_BASE = 'http://scrub.invalid';

/**
 * A URL-like text (absolute, or a path with a query) without credentials in its query or in a
 * fragment written as parameters (`#adaToken=…`, as some identity providers answer). Anything
 * else is returned as it is.
 */
export function scrubCredentialsFromUrl(value: string): string {
  if (!value.includes('?') && !value.includes('#')) return value;
  let url: URL;
  try {
    url = new URL(value, SCRUB_BASE);
  } catch {
    return value;
  }
  const clean = withoutCredentials(url);
  const fragment = clean.hash.slice(1);
  if (fragment.includes('=')) {
    const params = new URLSearchParams(fragment);
    const cleanFragment = withoutCredentialParams(params).toString();
    if (cleanFragment !== params.toString()) clean.hash = cleanFragment;
  }
  if (clean.href === url.href) return value;
  return url.origin === SCRUB_BASE && !value.startsWith(SCRUB_BASE) ? clean.href.slice(SCRUB_BASE.length) : clean.href;
}
