import type { ImportRun } from '@abo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMonth } from '../../../lib/format.ts';
import { useConfirmImport } from '../api/confirm-import.ts';
import { useDiscardImport } from '../api/discard-import.ts';
import { useImportRun } from '../api/get-import.ts';
import { isBusy, operatorKeys } from '../api/keys.ts';
import { CountsTable } from './counts-table.tsx';
import { formatCount, formatMonths, formatWhen, issueWhere, phaseText } from './run-format.ts';
import { RunStatus } from './run-status.tsx';

/** What the live region says about a run: its status and phase, not every step of the bar. */
function useAnnouncement(run: ImportRun | undefined): string {
  const { t } = useTranslation('operator');
  if (!run) return '';
  const status = t(`status.${run.status}`);
  switch (run.status) {
    case 'checking':
    case 'importing':
    case 'closing':
      return run.progress ? t('run.phase', { status, phase: phaseText(run.progress.phase, t) }) : status;
    case 'rejected':
      return t('run.announce', { status, detail: t('run.rejected', { count: run.issues.total }) });
    case 'checked':
      return t('run.announce', { status, detail: run.check?.changed === false ? t('run.nothingNew') : t('run.checked') });
    case 'done':
      return t('run.announce', { status, detail: run.close?.summary ?? '' });
    case 'failed':
      return t('run.announce', { status, detail: t('run.failed', { error: run.error ?? '' }) });
    default:
      return status;
  }
}

function Progress({ run }: { run: ImportRun }) {
  const { t, i18n } = useTranslation('operator');
  const labelId = useId();
  const p = run.progress;
  const known = !!p && p.total > 0;
  const percent = known ? Math.min(100, Math.round((p.done / p.total) * 100)) : null;
  const status = t(`status.${run.status}`);
  return (
    <div className="op-progress">
      <p id={labelId} className="op-progress__phase">
        {p ? t('run.phase', { status, phase: phaseText(p.phase, t) }) : t('run.waiting')}
      </p>
      <progress
        className="op-progress__bar"
        aria-labelledby={labelId}
        max={known ? p.total : undefined}
        value={known ? p.done : undefined}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
      />
      {known ? (
        <p className="muted small num">
          {t('run.phaseCount', { done: formatCount(p.done, i18n.language), total: formatCount(p.total, i18n.language) })} · {percent}%
        </p>
      ) : null}
    </div>
  );
}

function Issues({ run }: { run: ImportRun }) {
  const { t } = useTranslation('operator');
  const titleId = useId();
  const { total, shown } = run.issues;
  return (
    <div className="op-issues">
      <p className="op-error">{t('run.rejected', { count: total })}</p>
      {shown.length < total ? <p className="muted small">{t('run.rejectedSome', { shown: shown.length, count: total })}</p> : null}
      <h3 className="op-subtitle" id={titleId}>
        {t('run.issues')}
      </h3>
      <DataTable
        labelledBy={titleId}
        className="op-issues__table"
        columns={[
          { key: 'where', header: t('run.where'), cell: (i) => <code className="op-where">{issueWhere(i, t('run.wholeFile'))}</code> },
          { key: 'field', header: t('run.field'), cell: (i) => (i.field ? <code>{i.field}</code> : '—') },
          { key: 'message', header: t('run.message'), wrap: true, cell: (i) => i.message },
        ]}
        rows={shown}
        rowKey={(i, n) => `${i.file}:${i.line}:${i.column}:${n}`}
      />
    </div>
  );
}

function CloseSummary({ close }: { close: NonNullable<ImportRun['close']> }) {
  const { t, i18n } = useTranslation('operator');
  const lang = i18n.language;
  const months = (list: readonly string[]) => formatMonths(list, lang, t);
  return (
    <div className="op-close">
      <h3 className="op-subtitle">{t('run.close')}</h3>
      <p className="op-close__summary">
        <code>{close.summary}</code>
      </p>
      <dl className="op-facts">
        <dt>{t('run.closed')}</dt>
        <dd className="num">{months(close.closed)}</dd>
        <dt>{t('run.closedThrough')}</dt>
        <dd className="num">{close.closedThrough ? formatMonth(close.closedThrough, lang) : t('run.noneMonth')}</dd>
        <dt>{t('run.open')}</dt>
        <dd className="num">{months(close.open)}</dd>
        <dt>{t('run.closeDistributors')}</dt>
        <dd className="num">
          {formatCount(close.distributors, lang)} · {t('run.seconds', { seconds: close.seconds.toFixed(1) })}
        </dd>
      </dl>
    </div>
  );
}

/** Confirm and Discard of a checked run; with replace on, Confirm asks once more. */
function Decision({ run }: { run: ImportRun }) {
  const { t } = useTranslation('operator');
  const confirm = useConfirmImport();
  const discard = useDiscardImport();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  const pending = confirm.isPending || discard.isPending;
  const failure = confirm.error ?? discard.error;
  return (
    <div className="op-decision">
      {asking ? (
        <div className="op-ask" role="alert" tabIndex={-1} ref={question}>
          <p>{t('run.confirmAgain')}</p>
          <div className="op-buttons">
            <button type="button" className="primary-button op-danger" disabled={pending} onClick={() => confirm.mutate(run.id)}>
              {t('run.confirmReplace')}
            </button>
            <button
              type="button"
              className="op-secondary"
              disabled={pending}
              onClick={() => {
                setAsking(false);
                // Back to where the question came from.
                requestAnimationFrame(() => confirmButton.current?.focus());
              }}
            >
              {t('run.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="op-buttons">
          <button
            ref={confirmButton}
            type="button"
            className="primary-button"
            disabled={pending}
            onClick={() => (run.replace ? setAsking(true) : confirm.mutate(run.id))}
          >
            {t('run.confirm')}
          </button>
          <button type="button" className="op-secondary" disabled={pending} onClick={() => discard.mutate(run.id)}>
            {t('run.discard')}
          </button>
        </div>
      )}
      {failure ? (
        <p className="op-error" role="alert">
          {t('run.actionFailed', { message: failure instanceof ApiError ? failure.message : t('common:state.errorText') })}
        </p>
      ) : null}
    </div>
  );
}

function RunBody({ run }: { run: ImportRun }) {
  const { t, i18n } = useTranslation('operator');
  const lang = i18n.language;
  return (
    <div className="op-run__body" data-run={run.id}>
      <div className="op-run__head">
        <RunStatus status={run.status} />
        {run.replace ? <span className="op-badge">{t('run.replace')}</span> : null}
      </div>
      <p className="muted small">
        {t('run.uploaded', { who: run.uploadedBy, when: formatWhen(run.uploadedAt, lang) })}
        {run.confirmedBy ? <> · {t('run.confirmed', { who: run.confirmedBy, when: formatWhen(run.confirmedAt, lang) })}</> : null}
        {run.finishedAt ? <> · {t('run.finished', { when: formatWhen(run.finishedAt, lang) })}</> : null}
      </p>
      <p className="op-run__files">
        <span className="muted">{t('run.files')}</span>{' '}
        {run.files.map((f, i) => (
          <span key={f.name}>
            {i > 0 ? ' · ' : null}
            <code>{f.name}</code> <span className="muted small num">{formatCount(Math.max(1, Math.round(f.bytes / 1024)), lang)} KB</span>
          </span>
        ))}
      </p>
      {isBusy(run.status) ? <Progress run={run} /> : null}
      {run.status === 'rejected' ? <Issues run={run} /> : null}
      {run.status === 'checked' && run.check ? (
        <>
          {run.check.changed ? null : <p className="op-note">{t('run.nothingNew')}</p>}
          <CountsTable counts={run.check} title={t('run.checked')} />
          <Decision run={run} />
        </>
      ) : null}
      {run.imported && (run.status === 'done' || run.status === 'failed') ? (
        <CountsTable counts={run.imported} title={t('run.imported')} />
      ) : null}
      {run.status === 'done' && run.close ? <CloseSummary close={run.close} /> : null}
      {run.status === 'failed' ? (
        <div className="op-failed">
          <p className="op-error">{t('run.failed', { error: run.error ?? t('common:state.errorText') })}</p>
          {run.imported ? <p className="op-note">{t('run.failedAfterImport')}</p> : null}
        </div>
      ) : null}
      {run.status === 'discarded' ? <p className="op-note">{t('run.discarded')}</p> : null}
    </div>
  );
}

/**
 * The run being looked at: its status, the progress bar while it is checked, imported or closed
 * (asked for again every second), its problems, what confirming would write, or what it did.
 */
export function RunPanel({ id, headingRef }: { id: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('operator');
  const client = useQueryClient();
  const query = useImportRun(id);
  const run = query.data?.run;
  const announcement = useAnnouncement(run);
  const titleId = useId();
  // The history's status and counts follow the run's: asked for again when it moves on (not
  // when the panel opens on it: the history has just been read).
  const status = run?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current !== undefined && status !== seen.current) void client.invalidateQueries({ queryKey: operatorKeys.runs, exact: true });
    seen.current = status;
  }, [status, client]);
  return (
    <section className="card op-run" aria-labelledby={titleId}>
      <h2 className="card__title" id={titleId} tabIndex={-1} ref={headingRef}>
        {t('run.title')}
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="run-announcement">
        {announcement}
      </p>
      <QueryState query={query}>{(data) => <RunBody run={data.run} />}</QueryState>
    </section>
  );
}
