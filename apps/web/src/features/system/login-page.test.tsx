// The PC sign-in page sizes the IdP's framed form to the height the form reports.
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';

let LoginPage: () => ReactNode;
beforeAll(async () => {
  initI18n('en-US');
  LoginPage = (await import('./login-page.tsx')).default;
});

function show() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  return screen.getByTitle('Sign-in form') as HTMLIFrameElement;
}

const post = (data: unknown, from: { origin?: string; source?: Window | null }) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? window.location.origin, source: from.source ?? null }));
  });

describe('/login', () => {
  it('one intro line over the form', () => {
    show();
    expect(document.querySelectorAll('.login-card p')).toHaveLength(1);
  });

  it('makes the frame as tall as the form says it is', () => {
    const frame = show();
    expect(frame.style.height).toBe('');
    post({ type: 'abo-idp:size', data: { height: 312 } }, { source: frame.contentWindow });
    expect(frame.style.height).toBe('312px');
    // An error line makes the form taller.
    post({ type: 'abo-idp:size', data: { height: 340 } }, { source: frame.contentWindow });
    expect(frame.style.height).toBe('340px');
  });

  it('takes the size from its own frame and the IdP’s origin only, within bounds', () => {
    const frame = show();
    post({ type: 'abo-idp:size', data: { height: 312 } }, { origin: 'https://elsewhere.example', source: frame.contentWindow });
    post({ type: 'abo-idp:size', data: { height: 312 } }, { source: window });
    expect(frame.style.height).toBe('');
    post({ type: 'abo-idp:size', data: { height: 1 } }, { source: frame.contentWindow });
    expect(frame.style.height).toBe('200px');
    post({ type: 'abo-idp:size', data: { height: 99_999 } }, { source: frame.contentWindow });
    expect(frame.style.height).toBe('900px');
    post({ type: 'abo-idp:size', data: { height: 'tall' } }, { source: frame.contentWindow });
    expect(frame.style.height).toBe('900px');
  });
});
