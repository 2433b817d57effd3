import { describe, expect, it } from 'vitest';
import { hasCredentials, wechatOAuthCode, withoutCredentials } from './credential-params.ts';
import { scrubCredentialsFromUrl } from './scrub-credentials.ts';

describe('credentials in an address', () => {
  it('takes out the session token and the staff tokens, and nothing else', () => {
    const url = new URL(
      'https://x.example/front/?channel=iinquiry&adaToken=a&oktaIdTokenKey=k&oktaIdToken=o&sessionToken=s&queryAda=1&lang=en#top',
    );
    expect(hasCredentials(url)).toBe(true);
    expect(withoutCredentials(url).href).toBe('https://x.example/front/?channel=iinquiry&queryAda=1&lang=en#top');
  });

  it('treats code and state as WeChat’s only on our round trip, and then only the last of each', () => {
    const own = new URL('https://x.example/front/descpage?code=PV_BV&state=open');
    expect(hasCredentials(own)).toBe(false);
    expect(withoutCredentials(own).href).toBe(own.href);

    const callback = new URL('https://x.example/front/descpage?code=PV_BV&state=open&code=wx&state=abo-inquiry');
    expect(wechatOAuthCode(callback.searchParams)).toBe('wx');
    expect(withoutCredentials(callback).href).toBe('https://x.example/front/descpage?code=PV_BV&state=open');
    expect(withoutCredentials(new URL('https://x.example/front/?code=wx&state=abo-inquiry')).href).toBe('https://x.example/front/');
  });

  it('scrubs absolute and relative addresses and parameter fragments, and leaves other text alone', () => {
    expect(scrubCredentialsFromUrl('https://x.example/front/?adaToken=a&m=1')).toBe('https://x.example/front/?m=1');
    expect(scrubCredentialsFromUrl('/front/income?oktaIdToken=o')).toBe('/front/income');
    expect(scrubCredentialsFromUrl('https://x.example/front/#adaToken=a&x=1')).toBe('https://x.example/front/#x=1');
    expect(scrubCredentialsFromUrl('https://x.example/front/?m=1#section')).toBe('https://x.example/front/?m=1#section');
    expect(scrubCredentialsFromUrl('Income · ABO Inquiry')).toBe('Income · ABO Inquiry');
    expect(scrubCredentialsFromUrl('')).toBe('');
  });
});
