import { ErrorBlock } from '../../components/error-block.tsx';
import { useTranslation } from 'react-i18next';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatMonth } from '../../lib/format.ts';
import { useQueryableMonths } from './api/get-queryable-months.ts';
import { useIncomeRange } from './api/query-income.ts';
import { DocumentButton } from './components/document-button.tsx';
import { MonthsChart } from './components/months-chart.tsx';
import { MonthSelect } from './components/pickers.tsx';
import { StatementTable } from './components/statement-table.tsx';
import { TotalsGrid } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import './i18n.ts';
import './query-i18n.ts';
import './income.css';

/**
 * /income/query: statements between two queryable months (?from=&to=; default the latest 6), and
 * the range as a spreadsheet (XLSX or CSV, made by the BFF).
 */
export default function IncomeQueryPage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const months = useQueryableMonths();
  const [fromParam, setFrom] = useParam('from');
  const [toParam, setTo] = useParam('to');
  const list = months.data?.months ?? [];
  const to = toParam ?? list[0];
  const from = fromParam ?? list[Math.min(5, list.length - 1)];
  const invalid = !!from && !!to && from > to;
  const range = useIncomeRange(invalid ? undefined : from, invalid ? undefined : to);

  return (
    <Page title={t('pages.query')} onRefresh={() => Promise.all([months.refetch(), range.refetch()])} wide>
      <QueryState query={months} isEmpty={(m) => m.months.length === 0} emptyTitle={t('noStatements')} emptyText={t('noStatementsText')}>
        {(m) => (
          <>
            <div className="card income-toolbar">
              <div className="income-toolbar__group">
                <MonthSelect label={t('from')} value={from!} months={m.months} onChange={setFrom} />
                <MonthSelect label={t('to')} value={to!} months={m.months} onChange={setTo} />
              </div>
              {from && to ? (
                <div className="income-toolbar__group" role="group" aria-label={t('exportRange')}>
                  {(['xlsx', 'csv'] as const).map((format) => (
                    <DocumentButton
                      key={format}
                      label={t(format === 'xlsx' ? 'exportXlsx' : 'exportCsv')}
                      document={{ kind: 'incomeSheet', from, to, format }}
                      disabled={invalid}
                    />
                  ))}
                </div>
              ) : null}
            </div>
            {invalid ? (
              <div className="card" role="alert">
                <ErrorBlock status="default" title={t('invalidRange')} description={t('chooseRange')} />
              </div>
            ) : (
              <QueryState query={range} isEmpty={(r) => r.rows.length === 0} emptyTitle={t('noMonthData')} skeletonLines={6}>
                {(r) => (
                  <>
                    <section className="card" aria-labelledby="range-title">
                      <h2 className="card__title" id="range-title">
                        {t('rangeTitle', { from: formatMonth(r.from, lang), to: formatMonth(r.to, lang) })}
                      </h2>
                      <TotalsGrid totals={r.totals} />
                      <MonthsChart
                        title={t('netByMonth')}
                        months={r.rows.map((x) => x.month)}
                        series={[
                          { label: t('pretax'), fen: r.rows.map((x) => x.pretaxFen) },
                          { label: t('net'), fen: r.rows.map((x) => x.netFen), kind: 'line' },
                        ]}
                      />
                    </section>
                    <TableCard id="rows-title" title={t('pages.servicefee')}>
                      <StatementTable rows={r.rows} totals={r.totals} />
                    </TableCard>
                  </>
                )}
              </QueryState>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
