import type { ImportFileName } from '@abo/contract';
import { FileOutline } from 'antd-mobile-icons';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { FILE_NAMES } from '../api/keys.ts';
import { useUploadImport } from '../api/upload-import.ts';
import { formatCount } from './run-format.ts';

const isFileName = (name: string): name is ImportFileName => (FILE_NAMES as readonly string[]).includes(name);

/** Chosen files by name, in the import's order; a second pick of a name replaces the first. */
function merge(chosen: readonly File[], picked: readonly File[]): File[] {
  const byName = new Map(chosen.map((f) => [f.name, f]));
  for (const f of picked) byName.set(f.name, f);
  return FILE_NAMES.flatMap((name) => byName.get(name) ?? []);
}

/**
 * The upload: up to the three files of an import, by name (any other name is refused here, before
 * anything is sent), whether they are the whole dataset, and Send. `busy`: another run is under
 * way (the BFF refuses a second one). `onStarted`: the new run's id, once the check started.
 */
export function UploadForm({ busy, onStarted }: { busy: boolean; onStarted: (id: string) => void }) {
  const { t, i18n } = useTranslation('operator');
  const upload = useUploadImport();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const warningId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after fixing it) fires a change.
    event.target.value = '';
    if (picked.length === 0) return;
    const wrong = picked.filter((f) => !isFileName(f.name));
    setError(wrong.length ? wrong.map((f) => t('upload.wrongName', { name: f.name })).join(' ') : null);
    setFiles((chosen) =>
      merge(
        chosen,
        picked.filter((f) => isFileName(f.name)),
      ),
    );
    upload.reset();
  };

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return fail(t('upload.noFile'));
    if (replace && !files.some((f) => f.name === 'distributors.csv')) return fail(t('upload.replaceNeedsDistributors'));
    setError(null);
    upload.mutate(
      { files, replace },
      {
        onSuccess: ({ run }) => {
          setFiles([]);
          setReplace(false);
          onStarted(run.id);
        },
      },
    );
  };

  const uploadError =
    upload.error === null
      ? null
      : t('upload.failed', { message: upload.error instanceof ApiError ? upload.error.message : t('common:state.errorText') });
  const shownError = error ?? uploadError;
  const sending = upload.isPending;

  return (
    <section className="card op-upload" aria-labelledby={`${inputId}-title`}>
      <h2 className="card__title" id={`${inputId}-title`}>
        {t('upload.title')}
      </h2>
      <form onSubmit={submit} noValidate>
        {/* The browser's own file button speaks the browser's language, not the page's: it is
            hidden (still focusable) behind a label that looks like a button. */}
        <div className="op-file">
          <input
            ref={input}
            id={inputId}
            className="op-file__input"
            type="file"
            accept=".csv,text/csv"
            multiple
            onChange={pick}
            aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={shownError ? true : undefined}
            disabled={sending}
          />
          <label className="op-file__button" htmlFor={inputId}>
            <FileOutline aria-hidden="true" />
            {t('upload.choose')}
          </label>
        </div>
        <p id={hintId} className="muted small">
          {t('upload.chooseHint')}
        </p>
        <h3 className="op-subtitle">{t('upload.chosen')}</h3>
        {files.length === 0 ? (
          <p className="muted">{t('upload.none')}</p>
        ) : (
          <ul className="op-files">
            {files.map((f) => (
              <li key={f.name}>
                <span className="op-files__name">{f.name}</span>
                <span className="muted small num">{formatCount(Math.max(1, Math.round(f.size / 1024)), i18n.language)} KB</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('upload.remove', { name: f.name })}
                  onClick={() => setFiles((chosen) => chosen.filter((c) => c !== f))}
                  disabled={sending}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="op-replace">
          <label className="op-check">
            <input
              type="checkbox"
              checked={replace}
              onChange={(e) => setReplace(e.target.checked)}
              aria-describedby={warningId}
              disabled={sending}
            />
            <span>{t('upload.replace')}</span>
          </label>
          <p id={warningId} className={`small op-replace__warning${replace ? ' op-replace__warning--on' : ''}`}>
            {t('upload.replaceWarning')}
          </p>
        </div>
        {shownError ? (
          <p id={errorId} className="op-error" role="alert">
            {shownError}
          </p>
        ) : null}
        <p className="muted small" aria-live="polite">
          {busy && !sending ? t('upload.busy') : null}
        </p>
        <button type="submit" className="primary-button" disabled={sending || busy}>
          {sending ? t('upload.sending') : t('upload.send')}
        </button>
      </form>
    </section>
  );
}
