import { chinaDay } from '@abo/words';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useExportAudit, type AuditExportInput } from '../api/export-audit.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ADA = /^\d{4,12}$/;

/** The audit export: from and to day, optionally one actor and/or one distributor, CSV or JSON; downloaded as a file. */
export function AuditExportForm() {
  const { t } = useTranslation('operator');
  const exportAudit = useExportAudit();
  const id = useId();
  // Today in China time (the audit log's days are China days), read once when the form opens.
  const [today] = useState(() => chinaDay(Date.now()));
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [actor, setActor] = useState('');
  const [subject, setSubject] = useState('');
  const [format, setFormat] = useState<AuditExportInput['format']>('csv');
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const who = actor.trim();
    const about = subject.trim();
    const problem =
      !DAY.test(from) || !DAY.test(to)
        ? t('audit.badDay')
        : from > to
          ? t('audit.badRange')
          : about && !ADA.test(about)
            ? t('audit.badAda')
            : null;
    setInvalid(problem);
    if (problem) return;
    exportAudit.mutate({ from, to, format, ...(who ? { actor: who } : {}), ...(about ? { subjectAda: about } : {}) });
  };

  const error =
    invalid ??
    (exportAudit.error
      ? t('audit.failed', { message: exportAudit.error instanceof ApiError ? exportAudit.error.message : t('common:state.errorText') })
      : null);
  const pending = exportAudit.isPending;
  return (
    <section className="card op-audit" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        {t('audit.title')}
      </h2>
      <p className="muted small">{t('audit.hint')}</p>
      <form onSubmit={submit} noValidate className="op-audit__form">
        <div className="op-field">
          <label htmlFor={`${id}-from`}>{t('audit.from')}</label>
          <input id={`${id}-from`} type="date" value={from} max={to || undefined} required onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="op-field">
          <label htmlFor={`${id}-to`}>{t('audit.to')}</label>
          <input id={`${id}-to`} type="date" value={to} min={from || undefined} required onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="op-field op-field--wide">
          <label htmlFor={`${id}-actor`}>{t('audit.actor')}</label>
          <input
            id={`${id}-actor`}
            type="text"
            value={actor}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setActor(e.target.value)}
          />
        </div>
        <div className="op-field op-field--wide">
          <label htmlFor={`${id}-subject`}>{t('audit.subject')}</label>
          <input
            id={`${id}-subject`}
            type="text"
            inputMode="numeric"
            value={subject}
            maxLength={12}
            autoComplete="off"
            onChange={(e) => setSubject(e.target.value)}
          />
        </div>
        <fieldset className="op-field op-field--wide op-formats">
          <legend>{t('audit.format')}</legend>
          {(['csv', 'json'] as const).map((f) => (
            <label key={f} className="op-check">
              <input type="radio" name={`${id}-format`} value={f} checked={format === f} onChange={() => setFormat(f)} />
              <span>{f.toUpperCase()}</span>
            </label>
          ))}
        </fieldset>
        <div className="op-field--wide">
          {error ? (
            <p className="op-error" role="alert">
              {error}
            </p>
          ) : null}
          <p role="status" className="small">
            {exportAudit.isSuccess && !invalid ? t('audit.done', { name: exportAudit.data.fileName }) : null}
          </p>
          <button type="submit" className="primary-button" disabled={pending}>
            {pending ? t('audit.exporting') : t('audit.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
