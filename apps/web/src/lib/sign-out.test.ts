import { describe, expect, it } from 'vitest';
import { ownsSession } from './sign-out.ts';

describe('sign-out only where the app owns the session', () => {
  it('offers it on the desktop app opened on its own and in a mobile browser', () => {
    expect(ownsSession('ebiz', { framed: false, inWeChat: false })).toBe(true);
    expect(ownsSession('wec', { framed: false, inWeChat: false })).toBe(true);
  });

  it('not inside the portal frame, WeChat, the company app, nor for staff', () => {
    expect(ownsSession('ebiz', { framed: true, inWeChat: false })).toBe(false);
    expect(ownsSession('wec', { framed: false, inWeChat: true })).toBe(false);
    expect(ownsSession('ca', { framed: false, inWeChat: false })).toBe(false);
    expect(ownsSession('iinquiry', { framed: false, inWeChat: false })).toBe(false);
  });
});
