import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useSaveWatchNote, useWatchlist, watchAccess } from './watchlist-api.ts';
import { useWatchlistTexts } from './watchlist-i18n.ts';
import './watchlist.css';

/**
 * The private note of a starred member (market details): a text box with its count, saved with
 * a confirmation or the reason it was not. Staff see the note and change nothing; a member not
 * starred gets a line saying how to add one.
 */
export function WatchNote({ memberRef }: { memberRef: string }) {
  useWatchlistTexts();
  const { t } = useTranslation('watchlist');
  const access = watchAccess();
  const list = useWatchlist();
  const save = useSaveWatchNote();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  if (!access.read || !list.data) return null;
  const row = list.data.rows.find((r) => r.ref === memberRef);
  const max = list.data.noteMax;
  if (!access.write) {
    return row?.note ? (
      <div className="watch-note">
        <span className="muted small">{t('noteLabel')}</span>
        <p className="watch-note__status">{row.note}</p>
      </div>
    ) : null;
  }
  if (!row) return <p className="muted small">{t('noteStarFirst')}</p>;
  const value = draft ?? row.note;
  const tooLong = value.trim().length > max;
  // The BFF refuses them too (contract watchlist.ts): bidi controls would reorder what the row shows.
  const invisible = /\p{Cf}/u.test(value);
  const refused = tooLong || invisible;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refused || save.isPending) return;
    setStatus(null);
    save.mutate(
      { ref: memberRef, note: value.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          setStatus({ ok: true, text: t('noteSaved') });
        },
        onError: (err) => setStatus({ ok: false, text: t('noteFailed', { reason: err instanceof ApiError ? err.message : String(err) }) }),
      },
    );
  };
  return (
    <form className="watch-note" onSubmit={submit}>
      <label htmlFor={`${id}-note`} className="muted small">
        {t('noteLabel')}
      </label>
      <textarea
        id={`${id}-note`}
        value={value}
        maxLength={max}
        rows={2}
        placeholder={t('notePlaceholder')}
        aria-describedby={`${id}-count`}
        aria-invalid={refused}
        onChange={(e) => {
          setDraft(e.target.value);
          setStatus(null);
        }}
      />
      <div className="watch-note__foot">
        <span id={`${id}-count`} className="muted small num">
          {invisible ? t('noteInvisible') : tooLong ? t('noteTooLong', { max }) : t('noteCount', { n: value.trim().length, max })}
        </span>
        <Button type="submit" size="small" color="primary" loading={save.isPending} disabled={refused}>
          {t('noteSave')}
        </Button>
      </div>
      <p
        className={`watch-note__status${status ? (status.ok ? ' watch-note__status--ok' : ' watch-note__status--error') : ''}`}
        role="status"
      >
        {status?.text ?? ''}
      </p>
    </form>
  );
}
