import type { Channel } from '@abo/contract';
import { CHANNEL_IDS, isChannel, MOBILE_UA } from '@abo/contract/channels';

/** The WeChat built-in browser (also WeCom, which shares its JS-SDK). */
export function isWeChat(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}

export function isMobileUserAgent(ua: string): boolean {
  return MOBILE_UA.test(ua);
}

/** ebiz on desktop, wec on mobile (docs/contract.md §1). */
export function defaultChannel(ua: string): Channel {
  return isMobileUserAgent(ua) ? 'wec' : 'ebiz';
}

/**
 * The channel for this visit: `?channel=` (lower-cased) wins, then the one
 * stored for this session, then the default for the device.
 */
export function resolveChannel(search: string, stored: string | null, ua: string): Channel {
  const fromQuery = new URLSearchParams(search).get('channel')?.toLowerCase();
  if (isChannel(fromQuery)) return fromQuery;
  if (isChannel(stored)) return stored;
  return defaultChannel(ua);
}

export function channelId(channel: Channel): number | null {
  return channel === 'iinquiry' ? null : CHANNEL_IDS[channel];
}
