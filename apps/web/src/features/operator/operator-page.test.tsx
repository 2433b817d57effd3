import { IMPORT_FILE_NAMES, type ImportCounts, type ImportRun } from '@abo/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));

import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers.tsx';
import { staffScreenFor } from '../../app/staff-screen.ts';
import { i18n, initI18n } from '../../i18n/index.ts';
import { setSession } from '../../lib/storage.ts';
import { FILE_NAMES } from './api/keys.ts';
import OperatorPage from './operator-page.tsx';

const envelope = (data: unknown, code = 0, message = 'ok') =>
  new Response(JSON.stringify({ code, message, success: code === 0, data }), { headers: { 'content-type': 'application/json' } });

const COUNTS: ImportCounts = {
  distributors: { rows: 12, added: 12, updated: 0 },
  orders: { rows: 38, added: 38 },
  attendance: { rows: 5, added: 5 },
  months: ['2026-08', '2026-09', '2026-10', '2026-11'],
  changed: true,
};

function runOf(over: Partial<ImportRun> = {}): ImportRun {
  return {
    id: 'run-1',
    status: 'checked',
    replace: false,
    files: [{ name: 'orders.csv', bytes: 2048, sha256: 'ab' }],
    uploadedBy: 'ops01',
    uploadedAt: '2026-11-21T02:00:00.000Z',
    confirmedBy: null,
    confirmedAt: null,
    finishedAt: null,
    issues: { total: 0, shown: [] },
    check: null,
    imported: null,
    close: null,
    progress: null,
    error: null,
    ...over,
  };
}

interface Call {
  path: string;
  body: unknown;
  init: RequestInit;
}

/** A fake BFF: each call answered by `answer` (by path and body), every call kept. */
function serve(answer: (path: string, body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: URL | string, init: RequestInit) => {
    const path = new URL(String(url)).pathname;
    const body = init.body instanceof FormData ? init.body : (JSON.parse(String(init.body)) as Record<string, unknown>);
    calls.push({ path, body, init });
    return answer(path, body instanceof FormData ? {} : body);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** The page as the app shows it: its query client (a query's calls show no toast), in a router at /operator. */
function renderOperator() {
  const router = createMemoryRouter(
    [
      { path: '/operator', element: <OperatorPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/operator'] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the operators’ import page', () => {
  beforeAll(() => {
    initI18n('en-US');
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    toast.show.mockClear();
    setSession('channel', 'iinquiry');
    setSession('adaToken', 'x.eyJzdWIiOiJvcHMwMSJ9.y');
    setSession('oktaIdTokenKey', 'kid');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes the contract’s file names, and staff reach it without choosing a distributor', () => {
    expect(FILE_NAMES).toEqual(IMPORT_FILE_NAMES);
    const read = { area: 'system', keepAlive: false, ebizSkip: false, write: false } as const;
    expect(staffScreenFor('/operator', read, null)).toBeNull();
    expect(staffScreenFor('/Operator', read, null)).toBeNull();
  });

  it('says there is no import yet, and refuses a wrongly named file before sending anything', async () => {
    const calls = serve(() => envelope({ runs: [], busy: null }));
    renderOperator();
    expect(await screen.findByText('No import yet. Once you upload files, the check shows here.')).toBeVisible();
    const input = screen.getByLabelText('Choose files');
    await userEvent.upload(input, new File(['ada\n'], 'orders-2026-11-21.csv', { type: 'text/csv' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('“orders-2026-11-21.csv” is not a file of an import');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No file chosen yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one file.');
    expect(input).toHaveFocus();
    expect(calls.map((c) => c.path)).toEqual(['/bff/v1/operator/imports/list']);
  });

  it('uploads the files by name with replace as multipart, with the staff headers, and shows the new run', async () => {
    const checking = runOf({ status: 'checking', replace: true, files: [{ name: 'distributors.csv', bytes: 900, sha256: 'a' }] });
    const calls = serve((path) =>
      path.endsWith('/list')
        ? envelope({ runs: [], busy: null })
        : path.endsWith('/upload')
          ? envelope({ run: checking })
          : envelope({ run: { ...checking, status: 'checked', check: COUNTS } }),
    );
    renderOperator();
    await screen.findByText(/No import yet/);
    await userEvent.upload(screen.getByLabelText('Choose files'), [
      new File(['ada\n'], 'orders.csv', { type: 'text/csv' }),
      new File(['ada\n'], 'distributors.csv', { type: 'text/csv' }),
    ]);
    // Listed in the import's order.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('distributors.csv'),
      expect.stringContaining('orders.csv'),
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'The files are the whole dataset (replace)' }));
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(/distributors, orders and attendance not in them are deleted/);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and check' }));

    await screen.findByText('Replaces the whole dataset');
    const upload = calls.find((c) => c.path === '/bff/v1/operator/imports/upload')!;
    const form = upload.body as FormData;
    expect(form.get('replace')).toBe('true');
    expect((form.get('distributors.csv') as File).name).toBe('distributors.csv');
    expect((form.get('orders.csv') as File).name).toBe('orders.csv');
    expect([...form.keys()]).toEqual(['replace', 'distributors.csv', 'orders.csv']);
    const headers = upload.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ channel: 'iinquiry', 'ada-token': 'x.eyJzdWIiOiJvcHMwMSJ9.y', jwks: 'kid' });
    // The browser writes multipart's content type with its boundary.
    expect(headers['content-type']).toBeUndefined();
    // The page says what went wrong itself: no toast.
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('shows a rejected run’s problems as file:line:column, the first of all of them, and asks for fixed files', async () => {
    const rejected = runOf({
      status: 'rejected',
      issues: {
        total: 204,
        shown: [
          { file: 'orders.csv', line: 2, column: 4, field: 'pv', message: '"abc" is not a whole number of PV' },
          { file: 'orders.csv', line: 11, column: 0, field: '', message: 'the row has 3 columns, the header 6' },
          { file: 'attendance.csv', line: 0, column: 0, field: '', message: 'the file is empty' },
        ],
      },
    });
    serve((path) =>
      path.endsWith('/list')
        ? envelope({ runs: [{ ...rejected, issues: { total: 204, shown: [] } }], busy: null })
        : envelope({ run: rejected }),
    );
    renderOperator();
    const table = await screen.findByRole('table', { name: 'Problems' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'orders.csv:2:4pv"abc" is not a whole number of PV',
      'orders.csv:11—the row has 3 columns, the header 6',
      'attendance.csv (whole file)—the file is empty',
    ]);
    expect(screen.getByText('204 problems found; nothing was written. Fix the files and upload them again.')).toBeVisible();
    expect(screen.getByText('The first 3 of 204 problems, in file and line order.')).toBeVisible();
    expect(screen.getAllByText('Rejected')[0]).toBeVisible();
  });

  it('a checked run shows what confirming writes; Confirm asks again when it replaces, then confirms', async () => {
    const checked = runOf({ status: 'checked', replace: true, check: COUNTS });
    const calls = serve((path) =>
      path.endsWith('/list')
        ? envelope({ runs: [checked], busy: null })
        : path.endsWith('/confirm')
          ? envelope({ run: { ...checked, status: 'importing', confirmedBy: 'ops01', confirmedAt: '2026-11-21T02:01:00.000Z' } })
          : envelope({ run: checked }),
    );
    renderOperator();
    const counts = await screen.findByRole('table', { name: 'Confirming will write:' });
    const orders = within(counts).getByRole('rowheader', { name: 'orders.csv' }).closest('tr')!;
    expect(
      within(orders)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['38', '38', '—']);
    expect(screen.getByText('Aug 2026, Sep 2026, Oct 2026, Nov 2026')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm import' }));
    // Replacing the whole dataset is asked once more; nothing is sent yet.
    expect(screen.getByRole('alert')).toHaveTextContent('This replaces the whole dataset');
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, replace' }));
    await vi.waitFor(() => expect(calls.find((c) => c.path.endsWith('/confirm'))?.body).toEqual({ id: 'run-1', channel: 'iinquiry' }));
    expect(await screen.findByRole('progressbar')).toBeVisible();
  });

  it('confirms a checked run that replaces nothing at once, and says when there is nothing new', async () => {
    const checked = runOf({ status: 'checked', check: { ...COUNTS, changed: false } });
    const calls = serve((path) =>
      path.endsWith('/list')
        ? envelope({ runs: [checked], busy: null })
        : path.endsWith('/confirm')
          ? envelope({ run: { ...checked, status: 'importing' } })
          : envelope({ run: checked }),
    );
    renderOperator();
    const confirm = await screen.findByRole('button', { name: 'Confirm import' });
    // Said with the checked run, before confirming: once the confirm answers, the run is importing
    // and the note goes (read after the click, it raced that answer).
    expect(screen.getAllByText(/Nothing new: these files match what is loaded already/)[0]).toBeVisible();
    await userEvent.click(confirm);
    await vi.waitFor(() => expect(calls.filter((c) => c.path.endsWith('/confirm'))).toHaveLength(1));
  });

  it('shows the progress with its phase, asks again every second while busy, and announces the phases', async () => {
    let gets = 0;
    const checking = runOf({ status: 'checking', progress: { phase: 'read orders.csv', done: 500, total: 2000 } });
    serve((path) => {
      if (path.endsWith('/list')) return envelope({ runs: [checking], busy: gets > 1 ? null : 'run-1' });
      gets += 1;
      return envelope({ run: gets === 1 ? checking : { ...checking, status: 'checked', progress: null, check: COUNTS } });
    });
    renderOperator();
    const bar = await screen.findByRole('progressbar', { name: 'Checking: reading orders.csv' });
    expect(bar).toHaveAttribute('value', '500');
    expect(bar).toHaveAttribute('max', '2000');
    expect(bar).toHaveAttribute('aria-valuetext', '25%');
    expect(screen.getByText('500 of 2,000 · 25%')).toBeVisible();
    const live = screen.getByTestId('run-announcement');
    expect(live).toHaveAttribute('role', 'status');
    expect(live).toHaveTextContent('Checking: reading orders.csv');
    // Another operator cannot upload meanwhile.
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeDisabled();
    // The next answer, a second later: checked, announced.
    await vi.waitFor(() => expect(live).toHaveTextContent('Checked, waiting for you. Confirming will write:'), { timeout: 3000 });
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByRole('button', { name: 'Confirm import' })).toBeVisible();
    // The history is read again once the run moved on: uploading is open again.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Upload and check' })).toBeEnabled());
  });

  it('a done run shows what it wrote and the close; a failed one its error', async () => {
    const done = runOf({
      status: 'done',
      imported: COUNTS,
      finishedAt: '2026-11-21T02:03:00.000Z',
      close: {
        closed: ['2026-08', '2026-09', '2026-10'],
        closedThrough: '2026-10',
        open: ['2026-11'],
        distributors: 12,
        summary: 'closed 2026-08 to 2026-10 for 12 distributors; 2026-11 so far is provisional; in 1.2 s',
        seconds: 1.2,
      },
    });
    const failed = runOf({
      id: 'run-0',
      status: 'failed',
      error: 'The database is busy: upload again in a minute',
      uploadedAt: '2026-11-20T02:00:00.000Z',
    });
    serve((path, body) =>
      path.endsWith('/list') ? envelope({ runs: [done, failed], busy: null }) : envelope({ run: body['id'] === 'run-0' ? failed : done }),
    );
    renderOperator();
    expect(await screen.findByText(done.close!.summary)).toBeVisible();
    expect(screen.getByRole('table', { name: 'Written:' })).toBeVisible();
    // The history opens the older run.
    await userEvent.click(screen.getByRole('button', { name: /^Open the import of Nov 20/ }));
    expect(await screen.findByText('The import failed: The database is busy: upload again in a minute')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Current import' })).toHaveFocus();
  });

  it('the history lists the runs newest first, and a row opens its run', async () => {
    const newer = runOf({ id: 'run-2', status: 'done', imported: COUNTS, uploadedAt: '2026-11-21T02:00:00.000Z' });
    const older = runOf({ id: 'run-1', status: 'rejected', uploadedAt: '2026-11-20T02:00:00.000Z', issues: { total: 7, shown: [] } });
    const calls = serve((path, body) =>
      path.endsWith('/list')
        ? envelope({ runs: [newer, older], busy: null })
        : envelope({
            run:
              body['id'] === 'run-1'
                ? {
                    ...older,
                    issues: { total: 7, shown: [{ file: 'orders.csv', line: 3, column: 2, field: 'ada', message: 'unknown ADA' }] },
                  }
                : newer,
          }),
    );
    renderOperator();
    const history = await screen.findByRole('table', { name: 'Import history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-run'))).toEqual(['run-2', 'run-1']);
    expect(rows[0]).toHaveTextContent('ops01');
    expect(rows[0]).toHaveTextContent('new or changed: distributors 12 · orders 38 · attendance 5');
    expect(rows[1]).toHaveTextContent('7 problems');
    // The newest is open first.
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(rows[1]!).getByRole('button'));
    expect(await screen.findByText('orders.csv:3:2')).toBeVisible();
    expect(calls.filter((c) => c.path.endsWith('/get')).map((c) => (c.body as { id: string }).id)).toEqual(['run-2', 'run-1']);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
  });

  it('customer-service staff (FORBIDDEN) see that it is for operators only, with the operators’ sign-in', async () => {
    serve(() => envelope(null, 9900403, 'Only operator accounts may load files and export the audit log'));
    renderOperator();
    const only = await screen.findByTestId('operators-only');
    expect(within(only).getByRole('heading', { name: 'Operators only' })).toBeVisible();
    expect(only).toHaveTextContent('Customer-service accounts cannot load data.');
    expect(within(only).getByRole('link', { name: 'Sign in with an operator account' })).toHaveAttribute(
      'href',
      '/idp/okta/login?redirect_uri=%2Foperator&lang=en'.replace('%2Foperator', encodeURIComponent(`${import.meta.env.BASE_URL}operator`)),
    );
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('a distributor is told the same without any call', async () => {
    setSession('channel', 'ebiz');
    const calls = serve(() => envelope(null));
    renderOperator();
    expect(screen.getByRole('heading', { name: 'Operators only' })).toBeVisible();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toEqual([]);
  });

  it('an expired staff session says so, with the way to sign in again', async () => {
    serve(() => envelope(null, 401, 'The query has expired'));
    renderOperator();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The query has expired, please query again');
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', expect.stringContaining('/idp/okta/login?'));
  });

  it('the audit export posts its body, saves the file it answers, and shows a refusal in place', async () => {
    let refuse = false;
    const calls = serve((path) => {
      if (path.endsWith('/list')) return envelope({ runs: [], busy: null });
      if (refuse) return envelope(null, 9900400, 'The range is longer than 366 days');
      return new Response('[{"at":"2026-11-20T01:00:00Z"}]', {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-2026-11-01-2026-11-21.json"',
        },
      });
    });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('audit-2026-11-01-2026-11-21.json');
    });
    renderOperator();
    await screen.findByText(/No import yet/);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-21');
    await userEvent.type(screen.getByLabelText('Staff account or ADA (optional)'), 'staff01');
    await userEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Downloaded audit-2026-11-01-2026-11-21.json')).toBeVisible();
    const exportCall = calls.find((c) => c.path === '/bff/v1/operator/auditExport')!;
    expect(exportCall.body).toEqual({ from: '2026-11-01', to: '2026-11-21', actor: 'staff01', format: 'json', channel: 'iinquiry' });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await created[0]!.text()).toBe('[{"at":"2026-11-20T01:00:00Z"}]');

    // A wrong ADA is refused here; the BFF's refusal is shown in place, in the UI's language.
    await userEvent.type(screen.getByLabelText('About distributor, ADA (optional)'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('alert')).toHaveTextContent('An ADA is 4 to 12 digits.');
    await userEvent.type(screen.getByLabelText('About distributor, ADA (optional)'), '345');
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed: The range is longer than 366 days');
    expect(calls.filter((c) => c.path.endsWith('/auditExport')).at(-1)?.body).toMatchObject({ subjectAda: '12345' });
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(toast.show).not.toHaveBeenCalled();
  });
});
