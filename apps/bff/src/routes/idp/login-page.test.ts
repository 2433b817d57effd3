import { describe, expect, it } from 'vitest';
import { LOGIN_CSS, LOGIN_JS } from './login-assets.ts';
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

  it('framed, reports the form’s height to the app so the frame fits it, and again when it changes', () => {
    // The page's script against a stand-in of the framed document (no browser here).
    let bottom = 311.2;
    let resized: () => void = () => undefined;
    const posted: { message: unknown; origin: string }[] = [];
    const form = {
      getAttribute: (name: string) => ({ 'data-display': 'iframe', 'data-kind': 'distributor' })[name] ?? null,
      elements: { redirect_uri: { value: 'https://app.example/front/login' } },
      addEventListener: () => undefined,
    };
    const document = {
      getElementById: (id: string) => (id === 'login-form' ? form : {}),
      querySelector: (sel: string) => (sel === 'main' ? { getBoundingClientRect: () => ({ bottom }) } : null),
    };
    const window = {
      location: { href: 'https://idp.example/idp/login?display=iframe' },
      parent: { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) },
      ResizeObserver: class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
      },
      addEventListener: () => undefined,
    };
    new Function('window', 'document', 'ResizeObserver', LOGIN_JS)(window, document, window.ResizeObserver);
    expect(posted).toEqual([{ message: { type: 'abo-idp:size', data: { height: 312 } }, origin: 'https://app.example' }]);
    resized();
    expect(posted).toHaveLength(1);
    bottom = 340;
    resized();
    expect(posted[1]).toEqual({ message: { type: 'abo-idp:size', data: { height: 340 } }, origin: 'https://app.example' });
    // Framed, the page is as tall as the form, not the frame's whole height.
    expect(LOGIN_CSS).toMatch(/body\.embedded\{[^}]*min-height:0/);
  });
});
