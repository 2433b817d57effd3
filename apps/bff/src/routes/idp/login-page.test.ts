import { describe, expect, it } from 'vitest';
import { renderLoginPage, type LoginPageOptions } from './login-page.ts';

const base: LoginPageOptions = {
  lang: 'en-US',
  staff: false,
  redirectUri: 'http://localhost:8080/front/login',
  display: 'page',
  action: '/idp/login',
  otherLangUrl: '/idp/login?lang=zh',
};

const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0;

describe('the IdP sign-in page', () => {
  it('stands alone as a page: brand, heading and language switch', () => {
    const html = renderLoginPage(base);
    expect(count(html, /<h1>/g)).toBe(1);
    expect(html).toContain('<p class="brand">ABO Inquiry</p>');
    expect(html).toContain('<p class="lang"><a href="/idp/login?lang=zh">中文</a></p>');
  });

  it("framed by the app's /login page, shows the form only: one heading, one language switch on the screen", () => {
    for (const staff of [false, true]) {
      const html = renderLoginPage({ ...base, staff, display: 'iframe' });
      expect(count(html, /<h1/g)).toBe(0);
      expect(html).not.toContain('class="brand"');
      expect(html).not.toContain('class="lang"');
      expect(html).not.toContain('/idp/login?lang=zh');
      // The form keeps its name for screen readers, and still works.
      expect(html).toContain(`<main class="card" aria-label="${staff ? 'Staff sign-in (iinquiry)' : 'Sign in'}">`);
      expect(html).toContain('data-display="iframe"');
      expect(html).toContain('<button type="submit">Sign in</button>');
    }
  });
});
