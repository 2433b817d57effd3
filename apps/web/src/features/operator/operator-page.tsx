import { Code } from '@abo/contract/codes';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { getSession } from '../../lib/storage.ts';
import { useImportRuns } from './api/list-imports.ts';
import { AuditExportForm } from './components/audit-export-form.tsx';
import { OperatorsOnly, SignedOut } from './components/operators-only.tsx';
import { RunHistory } from './components/run-history.tsx';
import { RunPanel } from './components/run-panel.tsx';
import { UploadForm } from './components/upload-form.tsx';
import './i18n.ts';
import './operator.css';

/** The operator's tools: upload, the run looked at, the history and the audit export. */
function OperatorTools() {
  const { t } = useTranslation('operator');
  const runs = useImportRuns();
  const [chosen, setChosen] = useState<string | null>(null);
  // Opening a run (a new upload, a row of the history) takes the focus to it.
  const [focusRun, setFocusRun] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRun > 0) heading.current?.focus();
  }, [focusRun]);
  const open = (id: string) => {
    setChosen(id);
    setFocusRun((n) => n + 1);
  };

  const error = runs.error instanceof ApiError ? runs.error : null;
  if (error?.code === Code.FORBIDDEN) return <OperatorsOnly staff />;
  if (error?.kind === 'auth') return <SignedOut message={error.message} />;

  const current = chosen ?? runs.data?.runs[0]?.id ?? null;
  return (
    <div className="op-layout">
      <p className="op-intro muted">{t('intro')}</p>
      <UploadForm busy={!!runs.data?.busy} onStarted={open} />
      {current ? (
        <RunPanel key={current} id={current} headingRef={heading} />
      ) : runs.isSuccess ? (
        <section className="card op-run" aria-labelledby="op-run-empty">
          <h2 className="card__title" id="op-run-empty">
            {t('run.title')}
          </h2>
          <p className="muted op-empty">{t('run.empty')}</p>
        </section>
      ) : null}
      <div className="op-history-slot">
        <QueryState query={runs}>{(data) => <RunHistory data={data} current={current} onOpen={open} />}</QueryState>
      </div>
      <AuditExportForm />
    </div>
  );
}

/**
 * /operator (not one of the contract's 111 paths: app/routes.ts, ownRoutes): the operators'
 * import page (README "The operators' page"). Operators sign in through the staff sign-in (channel
 * iinquiry); anyone else is told whose page it is rather than shown a broken one.
 */
export default function OperatorPage() {
  const { t } = useTranslation('operator');
  const staff = getSession('channel') === 'iinquiry';
  return (
    <Page title={t('title')} back={false} wide>
      {staff ? <OperatorTools /> : <OperatorsOnly staff={false} />}
    </Page>
  );
}
