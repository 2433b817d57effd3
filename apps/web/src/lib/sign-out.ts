import type { Channel } from '@abo/contract';
import { isWeChat } from './channel.ts';
import { isInIframe } from './ebiz-frame.ts';
import { getSession } from './storage.ts';

export interface SignOutPlace {
  /** The page is framed (the ebiz portal's iframe). */
  framed: boolean;
  /** The page runs in WeChat's browser. */
  inWeChat: boolean;
}

/**
 * Whether the app owns the session, so "sign out" means something: the desktop app opened on its
 * own (ebiz, sign-in at /login) and the mobile web in a browser (wec, the IdP portal). Elsewhere
 * the host signs the user in and would do so again at once: the ebiz portal around its iframe,
 * WeChat (OAuth, docs/contract.md §2), the company's app (ca); staff (iinquiry) come with their own tokens.
 */
export function ownsSession(channel: Channel, place: SignOutPlace): boolean {
  if (channel === 'ebiz') return !place.framed;
  if (channel === 'wec') return !place.inWeChat;
  return false;
}

/** ownsSession for this page. */
export function canSignOut(): boolean {
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  return ownsSession(channel, { framed: isInIframe(), inWeChat: isWeChat() });
}
