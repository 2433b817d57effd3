import type { CertificateCheckData } from '@abo/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/antd-setup.ts', () => ({}));

import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers.tsx';
import { staffScreenFor } from '../../app/staff-screen.ts';
import { i18n, initI18n } from '../../i18n/index.ts';
import VerifyPage from './verify-page.tsx';

const CERT: CertificateCheckData = {
  code: '7KQ4-M2X9-HD3P-W8',
  kind: 'pyCertificate',
  period: '25/26',
  issuedOn: '2026-11-21',
  issuedAt: '2026-11-21 12:05',
  company: { zh: '示例公司', en: 'Example Company' },
  totals: { pretaxFen: 800_000, taxFen: 60_000, netFen: 740_000 },
  digest: '0123456789abcdef'.repeat(4),
  newer: null,
};

const envelope = (data: unknown, code = 0, status = 200) =>
  new Response(JSON.stringify({ code, message: code ? 'no' : 'ok', success: code === 0, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A fake BFF answering every check with `answer`; the codes asked for are kept. */
function serve(answer: (code: string) => Response | Promise<Response>) {
  const asked: string[] = [];
  const calls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      expect(u.pathname).toBe('/bff/v1/public/certificateCheck');
      asked.push(u.searchParams.get('code')!);
      calls.push(init);
      return answer(u.searchParams.get('code')!);
    }),
  );
  return { asked, calls };
}

function renderVerify(at = '/verify') {
  const router = createMemoryRouter([{ path: '/verify', element: <VerifyPage /> }], { initialEntries: [at] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the public certificate check page', () => {
  beforeAll(() => initI18n('en-US'));
  beforeEach(async () => {
    sessionStorage.clear();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('staff see it without choosing a distributor (the guard lets it through: auth-middleware.test.ts)', () => {
    expect(staffScreenFor('/verify', { area: 'system', keepAlive: false, ebizSkip: false, write: false }, null)).toBeNull();
  });

  it('checks a code typed in lower case without dashes, and shows what to compare with the document', async () => {
    const { asked, calls } = serve(() => envelope(CERT));
    const router = renderVerify();
    expect(screen.getByText('Enter a code and the result shows here.')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Verification code'), '7kq4m2x9hd3pw8');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This certificate was issued by this company')).toBeVisible();
    expect(asked).toEqual(['7KQ4M2X9HD3PW8']);
    // No session, no cookie: nothing but the code goes out.
    expect(calls[0]!.credentials).toBe('omit');
    expect(router.state.location.search).toBe('?code=7KQ4-M2X9-HD3P-W8');
    expect(screen.getByTestId('verify-period')).toHaveTextContent('Performance year 25/26');
    expect(screen.getByTestId('verify-issued-on')).toHaveTextContent('21 Nov 2026');
    expect(screen.getByText('Example Company')).toBeVisible();
    expect(screen.getByText('¥8,000.00')).toBeVisible();
    expect(screen.getByText('¥7,400.00')).toBeVisible();
    expect(screen.getByText('0123-4567-89ab-cdef')).toBeVisible();
    expect(screen.queryByTestId('verify-newer')).toBeNull();
    expect(screen.getByTestId('verify-result')).toHaveAttribute('aria-live', 'polite');
  });

  it('checks the code in the address at once, and says when a newer certificate exists', async () => {
    serve(() =>
      envelope({
        ...CERT,
        kind: 'taxCertificate',
        period: '2025',
        totals: { ...CERT.totals, annualTaxFen: 1234, balanceFen: -500 },
        newer: { issuedOn: '2026-11-25', issuedAt: '2026-11-25 09:30' },
      }),
    );
    renderVerify('/verify?code=7KQ4-M2X9-HD3P-W8');
    expect(await screen.findByTestId('verify-newer')).toHaveTextContent(
      'A corrected certificate for the same period was issued on 25 Nov 2026 (09:30)',
    );
    expect(screen.getByTestId('verify-period')).toHaveTextContent('Tax year 2025');
    expect(screen.getByText('Annual tax')).toBeVisible();
    expect(screen.getByLabelText('Verification code')).toHaveValue('7KQ4-M2X9-HD3P-W8');
  });

  it('says a code was not found, and refuses what cannot be a code without asking', async () => {
    const { asked } = serve(() => envelope(null, 9900404, 404));
    renderVerify();
    const input = screen.getByLabelText('Verification code');
    await userEvent.type(input, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a verification code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '0000-0000-0000-00');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Code not found')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual(['00000000000000']);
  });

  it('shows it is checking, then a refusal for too many checks, and tries again', async () => {
    let release: (r: Response) => void = () => {};
    let n = 0;
    serve(() => (++n === 1 ? new Promise<Response>((resolve) => (release = resolve)) : envelope(CERT)));
    renderVerify('/verify?code=7KQ4-M2X9-HD3P-W8');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking…');
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    await act(async () => release(envelope(null, 9900429, 429)));
    expect(await screen.findByText('Too many checks. Please try again in a minute.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This certificate was issued by this company')).toBeVisible();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve(() => envelope(CERT));
    renderVerify('/verify?code=7kq4m2x9hd3pw8');
    expect(await screen.findByText('此证明由本公司出具')).toBeVisible();
    expect(screen.getByTestId('verify-period')).toHaveTextContent('25/26 业绩年度');
    expect(screen.getByTestId('verify-issued-on')).toHaveTextContent('2026年11月21日');
    expect(screen.getByRole('button', { name: '核验' })).toBeVisible();
  });
});
