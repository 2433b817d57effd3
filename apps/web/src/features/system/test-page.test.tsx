// /test: the diagnostics only for staff or a debugging build; everyone else gets the not-found page.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { setSession } from '../../lib/storage.ts';
import { renderPage } from '../../testing/render-page.tsx';
import { pageInEnglish } from '../../testing/in-english.ts';

vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn(), clear: vi.fn() } }));

const TestPage = pageInEnglish(() => import('./test-page.tsx'));
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllEnvs();
});

function show(url: string) {
  return renderPage(<TestPage />, { at: url });
}

const notFound = () => screen.queryByRole('heading', { name: i18n.t('notFound.title') });
const diagnostics = () => screen.queryByRole('heading', { name: i18n.t('system:test.title') });

/** What /test shows at `url`: the diagnostics, the not-found page or neither. */
function shown(url: string): 'diagnostics' | 'notFound' | null {
  const { unmount } = show(url);
  const what = diagnostics() ? 'diagnostics' : notFound() ? 'notFound' : null;
  unmount();
  return what;
}

describe('/test', () => {
  it('is not found for a signed-in distributor', () => {
    setSession('channel', 'wec');
    setSession('accessToken', 'a');
    setSession('idToken', 'i');
    show('/test');
    expect(notFound()).toBeInTheDocument();
    expect(diagnostics()).toBeNull();
    expect(screen.queryByText('wec')).toBeNull();
  });

  it('shows the diagnostics to staff signed in with their tokens, not to a bare ?channel=iinquiry', () => {
    setSession('channel', 'iinquiry');
    expect(shown('/test')).toBe('notFound');
    setSession('adaToken', 'staff-token');
    expect(shown('/test')).toBe('diagnostics');
  });

  it('opens with ?debug=1 on the development server only, or in a build made with VITE_DEBUG_PAGE=1', () => {
    setSession('channel', 'ebiz');
    vi.stubEnv('PROD', true);
    expect(shown('/test?debug=1')).toBe('notFound');
    vi.stubEnv('VITE_DEBUG_PAGE', '1');
    expect(shown('/test')).toBe('diagnostics');
    vi.unstubAllEnvs();
    vi.stubEnv('PROD', false);
    expect(shown('/test')).toBe('notFound');
    expect(shown('/test?debug=1')).toBe('diagnostics');
  });
});
