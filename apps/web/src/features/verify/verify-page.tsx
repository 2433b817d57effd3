import { formatCertificateCode, parseCertificateCode, shortDigest } from '@abo/contract/certificate-code';
import type { CertificateCheckData } from '@abo/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { formatDay, formatFen } from '../../lib/format.ts';
import { localText } from '../../lib/use-local-text.ts';
import { CheckError, useCertificateCheck, type CheckAnswer } from './api/check-certificate.ts';
import './i18n.ts';
import './verify.css';

function Certificate({ c }: { c: CertificateCheckData }) {
  const { t, i18n } = useTranslation('verify');
  const lang = i18n.language;
  const money = (fen: number) => formatFen(fen, lang);
  const rows: Array<[string, string]> = [
    [t('result.pretax'), money(c.totals.pretaxFen)],
    [t('result.tax'), money(c.totals.taxFen)],
    [t('result.net'), money(c.totals.netFen)],
    ...(c.totals.annualTaxFen === undefined ? [] : ([[t('result.annualTax'), money(c.totals.annualTaxFen)]] as Array<[string, string]>)),
    ...(c.totals.balanceFen === undefined ? [] : ([[t('result.balance'), money(c.totals.balanceFen)]] as Array<[string, string]>)),
  ];
  return (
    <div className="vf-found" data-testid="verify-found">
      <p className="vf-verdict vf-verdict--ok">{t('result.found')}</p>
      {c.newer ? (
        <div className="vf-newer" role="note" data-testid="verify-newer">
          <strong>{t('result.newerTitle')}</strong>
          <p>{t('result.newer', { day: formatDay(c.newer.issuedOn, lang), time: c.newer.issuedAt.slice(11) })}</p>
        </div>
      ) : null}
      <p className="muted small">{t('result.compare')}</p>
      <dl className="vf-fields">
        <dt>{t('result.code')}</dt>
        <dd className="num">{c.code}</dd>
        <dt>{t('result.period')}</dt>
        <dd data-testid="verify-period">{t(c.kind === 'taxCertificate' ? 'result.taxPeriod' : 'result.pyPeriod', { period: c.period })}</dd>
        <dt>{t('result.issuedOn')}</dt>
        <dd>
          <span data-testid="verify-issued-on">{formatDay(c.issuedOn, lang)}</span>{' '}
          <span className="muted small num">{t('result.at', { time: c.issuedAt.slice(11) })}</span>
        </dd>
        <dt>{t('result.company')}</dt>
        <dd>{localText(c.company, lang)}</dd>
      </dl>
      <h3 className="vf-subtitle">{t('result.totals')}</h3>
      <dl className="vf-fields vf-fields--money">
        {rows.map(([label, value]) => (
          <div key={label} className="vf-money">
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="vf-subtitle">{t('result.digest')}</h3>
      <p className="vf-digest num">{shortDigest(c.digest)}</p>
      <p className="muted small vf-digest-full">
        {t('result.digestNote')} <span className="num">{c.digest}</span>
      </p>
    </div>
  );
}

/** The answer to a code: the certificate as issued, or that no certificate has it. */
function Result({ answer }: { answer: CheckAnswer }) {
  const { t } = useTranslation('verify');
  if (!answer.found) {
    return (
      <div className="vf-not-found" data-testid="verify-not-found">
        <p className="vf-verdict vf-verdict--bad">{t('result.notFoundTitle')}</p>
        <p>{t('result.notFound')}</p>
      </div>
    );
  }
  return <Certificate c={answer.certificate} />;
}

/**
 * /verify (not one of the contract's 111 paths: app/routes.ts, ownRoutes): the public check of an
 * income certificate's verification code (issue #32). No sign-in: a bank opens the address printed
 * on the certificate in any browser. The code in the address (`?code=`) is what is checked.
 */
export default function VerifyPage() {
  const { t } = useTranslation('verify');
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('code');
  const code = inAddress === null ? null : parseCertificateCode(inAddress);
  const [typed, setTyped] = useState(code === null ? (inAddress ?? '') : formatCertificateCode(code));
  const [invalid, setInvalid] = useState(inAddress !== null && code === null);
  const check = useCertificateCheck(code);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const resultId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCertificateCode(typed);
    setInvalid(parsed === null);
    if (parsed === null) return;
    if (parsed === code) {
      void check.refetch();
      return;
    }
    const next = new URLSearchParams(params);
    next.set('code', formatCertificateCode(parsed));
    setParams(next, { replace: true });
  };

  const error = check.error instanceof CheckError ? check.error.kind : check.error ? 'failed' : null;
  const busy = check.isFetching;
  return (
    <Page title={t('title')} back={false} wide>
      <div className="vf-layout">
        <p className="vf-intro muted">{t('intro')}</p>
        <section className="card vf-form" aria-labelledby={`${inputId}-title`}>
          <h2 className="card__title" id={`${inputId}-title`}>
            {t('form.title')}
          </h2>
          <form onSubmit={submit} noValidate>
            <label className="line-form__label" htmlFor={inputId}>
              {t('form.label')}
            </label>
            <div className="line-form__row">
              <input
                id={inputId}
                className="line-form__input vf-input num"
                name="code"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={40}
                placeholder="7KQ4-M2X9-HD3P-W8"
                aria-invalid={invalid}
                aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
              />
              <button type="submit" className="primary-button vf-button" disabled={busy}>
                {busy ? t('form.checking') : t('form.check')}
              </button>
            </div>
            {invalid ? (
              <p className="vf-error" id={errorId} role="alert">
                {t('form.invalid')}
              </p>
            ) : null}
            <p className="muted small" id={hintId}>
              {t('form.hint')}
            </p>
          </form>
        </section>
        <section className="card vf-result" aria-labelledby={resultId} aria-busy={busy}>
          <h2 className="card__title" id={resultId}>
            {t('result.title')}
          </h2>
          <div aria-live="polite" data-testid="verify-result">
            {busy ? (
              <p className="muted" role="status">
                {t('form.checking')}
              </p>
            ) : error ? (
              <div className="vf-failed" data-testid="verify-error">
                <p className="vf-verdict vf-verdict--bad">{t(error === 'rateLimited' ? 'result.rateLimited' : 'result.failed')}</p>
                <button type="button" className="link-button" onClick={() => void check.refetch()}>
                  {t('result.retry')}
                </button>
              </div>
            ) : check.data ? (
              <Result answer={check.data} />
            ) : (
              <p className="muted">{t('result.empty')}</p>
            )}
          </div>
        </section>
      </div>
    </Page>
  );
}
