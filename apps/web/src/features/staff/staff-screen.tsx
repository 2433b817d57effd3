import { href } from '@abo/contract/pages';
import type { StaffLookupData, StaffLookupMatch } from '@abo/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBlock } from '../../components/error-block.tsx';
import { Page } from '../../components/page.tsx';
import { ApiError, asPageData, post } from '../../lib/api-client.ts';
import { setSession } from '../../lib/storage.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { clearLookups, recentLookups, type RecentLookup } from './recent-lookups.ts';
import './i18n.ts';
import './staff.css';

/** Opens the page staff asked for, for `ada`: a new page load, so nothing of another distributor stays in memory. */
function openFor(ada: string): void {
  setSession('queryAda', ada);
  const url = new URL(window.location.href);
  url.searchParams.set('queryAda', ada);
  window.location.assign(url.pathname + url.search);
}

type LookupState =
  { status: 'idle' } | { status: 'busy' } | { status: 'done'; q: string; data: StaffLookupData } | { status: 'error'; message: string };

/** Whole ADA or whole name: what the BFF matches (packages/contract, staffLookupBodySchema). */
const MIN_QUERY = 2;

function LookupPanel() {
  const { t } = useTranslation('staff');
  const { tx } = useLocalText();
  const inputId = useId();
  const hintId = useId();
  const [q, setQ] = useState('');
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const [recent, setRecent] = useState<RecentLookup[]>(() => recentLookups());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    if (query.length < MIN_QUERY) {
      setState({ status: 'error', message: t('lookup.hint') });
      return;
    }
    setState({ status: 'busy' });
    try {
      // The answer (or its error) shows here, in place: no toast besides (lib/api-client.ts).
      const data = await asPageData(() => post('/bff/v1/common/staffLookup', { q: query }));
      const only = data.matches.length === 1 ? data.matches[0] : undefined;
      // A whole ADA names one person: open them at once, the caller is waiting.
      if (only && only.ada === query) {
        openFor(only.ada);
        return;
      }
      setState({ status: 'done', q: query, data });
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiError ? error.message : t('common:state.errorText') });
    }
  };

  const match = (m: StaffLookupMatch) => (
    <li key={m.ada}>
      <button
        type="button"
        className="staff-match"
        onClick={() => openFor(m.ada)}
        aria-label={t('lookup.open', { name: m.nameZh, ada: m.ada })}
      >
        <span className="staff-match__name">
          <bdi>{m.nameZh}</bdi> <bdi className="muted">{m.nameEn}</bdi>
        </span>
        <span className="staff-match__meta num">
          {m.ada} · {tx(m.pinName)} · {t('lookup.joined', { date: m.joinDate })}
        </span>
      </button>
    </li>
  );

  return (
    <>
      <section className="card staff-lookup">
        <form role="search" aria-label={t('lookup.title')} onSubmit={(e) => void submit(e)} noValidate>
          <label className="line-form__label" htmlFor={inputId}>
            {t('lookup.label')}
          </label>
          <div className="line-form__row">
            <input
              id={inputId}
              className="line-form__input"
              type="search"
              name="q"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={40}
              aria-describedby={hintId}
              aria-invalid={state.status === 'error' || undefined}
              autoFocus
            />
            <button type="submit" className="primary-button staff-lookup__submit" disabled={state.status === 'busy'}>
              {t('lookup.submit')}
            </button>
          </div>
          <p id={hintId} className="muted small">
            {t('lookup.hint')}
          </p>
        </form>
        <div aria-live="polite" aria-busy={state.status === 'busy'}>
          {state.status === 'busy' ? <p className="muted">{t('lookup.searching')}</p> : null}
          {state.status === 'error' ? (
            <p className="staff-lookup__error" role="alert">
              {state.message}
            </p>
          ) : null}
          {state.status === 'done' ? (
            state.data.matches.length === 0 ? (
              <p>{t('lookup.none', { q: state.q })}</p>
            ) : (
              <>
                <h2 className="card__title">{t('lookup.results')}</h2>
                <ul className="staff-list">{state.data.matches.map(match)}</ul>
                {state.data.truncated ? <p className="muted small">{t('lookup.truncated', { count: state.data.matches.length })}</p> : null}
              </>
            )
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="staff-recent-title">
        <div className="staff-recent__head">
          <h2 className="card__title" id="staff-recent-title">
            {t('lookup.recent')}
          </h2>
          {recent.length > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                clearLookups();
                setRecent([]);
              }}
            >
              {t('lookup.clear')}
            </button>
          ) : null}
        </div>
        {recent.length === 0 ? (
          <p className="muted">{t('lookup.recentEmpty')}</p>
        ) : (
          <ul className="staff-list">
            {recent.map((r) => (
              <li key={r.ada}>
                <button
                  type="button"
                  className="staff-match"
                  onClick={() => openFor(r.ada)}
                  aria-label={t('lookup.open', { name: r.name, ada: r.ada })}
                >
                  <bdi className="staff-match__name">{r.name}</bdi>
                  <span className="staff-match__meta num">{r.ada}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ReadOnlyPanel() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  return (
    <section className="card">
      <ErrorBlock status="default" title={<h2 className="error-title">{t('readOnly.title')}</h2>} description={t('readOnly.body')}>
        <button type="button" className="primary-button" onClick={() => void navigate(href('/'))}>
          {t('readOnly.back')}
        </button>
      </ErrorBlock>
    </section>
  );
}

/**
 * What staff (iinquiry) see in place of a page: the look-up while no distributor is chosen, and
 * a read-only notice on the pages that change a distributor's settings (app/routes.ts, `write`).
 */
export default function StaffScreen({ kind }: { kind: 'lookup' | 'readOnly' }) {
  const { t } = useTranslation('staff');
  return kind === 'lookup' ? (
    <Page title={t('lookup.title')} back={false}>
      <LookupPanel />
    </Page>
  ) : (
    <Page title={t('readOnly.title')}>
      <ReadOnlyPanel />
    </Page>
  );
}
