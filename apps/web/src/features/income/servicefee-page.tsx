import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatMonth } from '../../lib/format.ts';
import type { PagePrefetch } from '../../lib/query-client.ts';
import { statementQuery, useStatement } from './api/get-statement.ts';
import { useStatements } from './api/get-statements.ts';
import { DocumentButton } from './components/document-button.tsx';
import { MonthsChart } from './components/months-chart.tsx';
import { IncomeLinks } from './components/income-links.tsx';
import { PaidLine } from './components/paid-on.tsx';
import { MonthQueryState, MonthSelect } from './components/pickers.tsx';
import { StatementItems } from './components/statement-items.tsx';
import { StatementTable } from './components/statement-table.tsx';
import { TotalsGrid } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import { COMPARE_PARAM } from '../../components/compare-address.ts';
import './i18n.ts';
import './servicefee-i18n.ts';
import './income.css';

// "Compared with <month>": its code, texts and styles load once a statement is on screen, so the
// statement's own chunk stays as small as it was.
const StatementChange = lazy(() => import('./components/statement-change.tsx'));

export const prefetch: PagePrefetch = ({ searchParams }, client) => {
  // The statement only: the PY's months (and their chart) are asked for once it is on screen,
  // so their answer does not hold up drawing the statement.
  void client.prefetchQuery(statementQuery(searchParams.get('month') ?? undefined));
};

const CLEARED_WITH_MONTH = [COMPARE_PARAM];

/** /income/servicefee: one month's statement (?month=), its PY's months, the statement as a PDF (made by the BFF). */
export default function ServiceFeePage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  // Another statement picked: compare it with the month before it again (the card's default).
  const [month, setMonth] = useParam('month', CLEARED_WITH_MONTH);
  const statement = useStatement(month);
  const py = statement.data?.month ? statement.data.py : undefined;
  const list = useStatements(py);

  return (
    <Page title={t('pages.servicefee')} onRefresh={() => Promise.all([statement.refetch(), list.refetch()])} wide>
      <MonthQueryState query={statement} month={month}>
        {(s) => (
          <>
            <div className="card income-toolbar">
              <MonthSelect value={s.month!} months={s.months} onChange={setMonth} />
              <DocumentButton label={t('exportPdf')} document={{ kind: 'statement', month: s.month! }} />
            </div>
            <div className="grid grid--2 income-layout">
              <section className="card income-sheet" aria-labelledby="statement-title">
                <h2 className="card__title" id="statement-title">
                  {t('statementOf', { month: formatMonth(s.month!, lang) })}
                </h2>
                <PaidLine day={s.paidOn} />
                <TotalsGrid totals={s} />
                <StatementItems s={s} />
                <p className="small" data-export="skip">
                  {s.volume ? (
                    <FigureTrace
                      trace={{ kind: 'bracket', month: s.month!, ppv: s.volume.ppv, gpv: s.volume.gpv }}
                      label={t('howBracket')}
                    />
                  ) : (
                    <TermHelp code="BRACKET" />
                  )}
                  {' · '}
                  <FigureTrace trace={{ kind: 'withholding', month: s.month!, withholding: s.withholding }} label={t('howTax')} />
                </p>
              </section>
              <div className="income-side">
                <Suspense fallback={<ChangeSkeleton />}>
                  <StatementChange month={s.month!} />
                </Suspense>
                <IncomeLinks pages={['commissiondetail', 'promotionservicefee', 'pretaxdetails']} search={`month=${s.month}`} />
                <TableCard id="py-months" title={t('monthsOfPy', { py: s.py })}>
                  <QueryState query={list} skeletonLines={4}>
                    {(l) => (
                      <>
                        <MonthsChart
                          title={t('netByMonth')}
                          months={[...l.rows].reverse().map((r) => r.month)}
                          series={[{ label: t('net'), fen: [...l.rows].reverse().map((r) => r.netFen) }]}
                          height={180}
                        />
                        <StatementTable rows={l.rows} totals={l.totals} current={s.month!} />
                      </>
                    )}
                  </QueryState>
                </TableCard>
              </div>
            </div>
          </>
        )}
      </MonthQueryState>
    </Page>
  );
}

/** What the "compared with" card shows while its code loads (the skeleton's styles load with the app). */
function ChangeSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="card" role="status" aria-busy="true" aria-label={t('loading')}>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line" />
    </div>
  );
}
