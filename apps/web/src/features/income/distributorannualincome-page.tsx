import type { MonthStateData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { HistoryStartNote, historyStartOf } from '../../components/no-data.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAnnualIncome } from './api/get-annual-income.ts';
import { DocumentButton } from './components/document-button.tsx';
import { IncomeLinks } from './components/income-links.tsx';
import { MonthsChart } from './components/months-chart.tsx';
import { PySelect } from './components/pickers.tsx';
import { StatementTable } from './components/statement-table.tsx';
import { TotalsGrid } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import { YearKindSwitch } from './components/year-kind-switch.tsx';
import './i18n.ts';
import './income.css';

/**
 * /income/distributorannualincome: the 12 months of a PY (?year=25/26, default the current PY),
 * and the PY's income and withholding certificate as a PDF.
 */
export default function DistributorAnnualIncomePage() {
  const { t } = useTranslation('income');
  const [year, setYear] = useParam('year');
  const q = useAnnualIncome(year);

  return (
    <Page title={t('pages.distributorannualincome')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const paid = d.months.filter((m) => m.hasStatement).length;
          // Only the months before the history are told apart (the chart draws nothing for them).
          const states = d.months.map((m): MonthStateData => (m.noData ? 'noData' : 'closed'));
          return (
            <>
              <YearKindSwitch current="py" />
              <div className="card income-toolbar">
                <PySelect value={d.py} pys={d.pys} onChange={setYear} />
                <div className="income-toolbar__group">
                  <span className="muted small">{t('monthsCount', { count: paid })}</span>
                  {paid > 0 ? <DocumentButton label={t('pyCertificate')} document={{ kind: 'pyCertificate', py: d.py }} /> : null}
                </div>
              </div>
              <section className="card" aria-labelledby="annual-title">
                <h2 className="card__title" id="annual-title">
                  {t('pyLabel')} {d.py}
                </h2>
                <TotalsGrid totals={d.totals} />
                {paid === 0 ? (
                  <p className="muted income-empty-note">{t('reviewEmpty')}</p>
                ) : (
                  <MonthsChart
                    title={t('annualChart', { py: d.py })}
                    months={d.months.map((m) => m.month)}
                    series={[
                      { label: t('pretax'), fen: d.months.map((m) => m.pretaxFen) },
                      { label: t('net'), fen: d.months.map((m) => m.netFen) },
                    ]}
                    height={240}
                    {...(states.includes('noData') ? { states } : {})}
                  />
                )}
              </section>
              <TableCard id="months-title" title={t('monthsOfPy', { py: d.py })}>
                <StatementTable rows={d.months} totals={d.totals} />
                <HistoryStartNote month={historyStartOf(d.months.map((m, i) => ({ month: m.month, state: states[i]! })))} />
                <p className="muted small">{t('sumOfMonths')}</p>
              </TableCard>
              <IncomeLinks pages={['annualreview', 'annualtaxable', 'query']} />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
