import { useTranslation } from 'react-i18next';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { formatFen, formatFenLess } from '../../lib/format.ts';
import { useAnnualTaxable } from './api/get-annual-taxable.ts';
import { DocumentButton } from './components/document-button.tsx';
import { IncomeLinks } from './components/income-links.tsx';
import { formatPercent } from './components/income-format.ts';
import { MonthsChart } from './components/months-chart.tsx';
import { LabelledSelect } from './components/pickers.tsx';
import { StatementTable } from './components/statement-table.tsx';
import { useParam } from './components/use-param.ts';
import { YearKindSwitch } from './components/year-kind-switch.tsx';
import './i18n.ts';
import './annualtaxable-i18n.ts';
import './income.css';

/**
 * /income/annualtaxable: the comprehensive-income view of a calendar year (?year=2026), by
 * payment date: the statements paid in the year, listed with their own month and payment date,
 * and the year's income and withholding certificate as a PDF (for the annual reconciliation).
 */
export default function AnnualTaxablePage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const [year, setYear] = useParam('year');
  const q = useAnnualTaxable(year);

  return (
    <Page title={t('pages.annualtaxable')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={8}>
        {(d) => {
          const balanceLabel = d.balanceFen > 0 ? t('toPay') : d.balanceFen < 0 ? t('toRefund') : t('settled');
          const hasIncome = d.grossFen !== 0;
          return (
            <>
              <YearKindSwitch current="tax" />
              <div className="card income-toolbar">
                <LabelledSelect
                  label={t('calendarYear')}
                  value={d.year}
                  options={d.years.includes(d.year) ? d.years : [d.year, ...d.years]}
                  onChange={setYear}
                />
                <div className="income-toolbar__group">
                  <FigureTrace trace={{ kind: 'annualTax', ...d }} subject={t('annualTax')} />
                  {d.statements.length > 0 ? (
                    <DocumentButton label={t('taxCertificate')} document={{ kind: 'taxCertificate', year: d.year }} />
                  ) : null}
                </div>
              </div>
              {!d.complete ? (
                <p className="card muted small income-empty-note" role="note">
                  {t('yearSoFar', { year: d.year })}
                </p>
              ) : null}
              <div className="grid grid--2">
                <section className="card" aria-labelledby="tax-title">
                  <h2 className="card__title" id="tax-title">
                    {d.year}
                  </h2>
                  <p className="muted small" data-testid="by-payment-date">
                    {t('byPaymentDate')}
                  </p>
                  <div className="grid income-totals">
                    <Figure value={formatFen(d.grossFen, lang)} label={t('gross')} />
                    <Figure value={formatFen(d.withheldFen, lang)} label={t('withheld')} />
                    <Figure value={formatFen(d.annualTaxFen, lang)} label={t('annualTax')} />
                    <div className={d.balanceFen > 0 ? 'income-balance--pay' : d.balanceFen < 0 ? 'income-balance--refund' : ''}>
                      <Figure value={formatFen(Math.abs(d.balanceFen), lang)} label={balanceLabel} />
                    </div>
                  </div>
                  <dl className="income-steps">
                    <dt>{t('gross')}</dt>
                    <dd data-gross-fen={d.grossFen}>{formatFen(d.grossFen, lang)}</dd>
                    <dt>{t('incomeRatio', { percent: d.incomeRatioPercent })}</dt>
                    <dd>{formatFen(d.incomeFen, lang)}</dd>
                    <dt>{t('basicDeduction')}</dt>
                    <dd>{formatFenLess(d.basicDeductionFen, lang)}</dd>
                    <dt className="income-steps__result">{t('taxable')}</dt>
                    <dd className="income-steps__result">{formatFen(d.taxableFen, lang)}</dd>
                    <dt>{t('taxRate')}</dt>
                    <dd>{formatPercent(d.ratePercent, lang)}</dd>
                    <dt>{t('quickDeduction')}</dt>
                    <dd>{formatFen(d.quickDeductionFen, lang)}</dd>
                    <dt className="income-steps__result">{t('annualTax')}</dt>
                    <dd className="income-steps__result">{formatFen(d.annualTaxFen, lang)}</dd>
                    <dt>{t('withheld')}</dt>
                    <dd>{formatFenLess(d.withheldFen, lang)}</dd>
                    <dt className="income-steps__result">{balanceLabel}</dt>
                    <dd className="income-steps__result">{formatFen(Math.abs(d.balanceFen), lang)}</dd>
                  </dl>
                  <p className="muted small">{t('taxNote')}</p>
                </section>
                <section className="card" aria-labelledby="tax-months">
                  <h2 className="card__title" id="tax-months">
                    {t('taxChart', { year: d.year })}
                  </h2>
                  {hasIncome ? (
                    <MonthsChart
                      title={t('taxChart', { year: d.year })}
                      months={d.months.map((m) => m.month)}
                      series={[
                        { label: t('pretax'), fen: d.months.map((m) => m.grossFen) },
                        { label: t('tax'), fen: d.months.map((m) => m.withheldFen) },
                      ]}
                      height={240}
                    />
                  ) : (
                    <p className="muted income-empty-note">{t('noMonthData')}</p>
                  )}
                </section>
              </div>
              {d.statements.length > 0 ? (
                <TableCard id="paid-in-year" title={t('paidInYear', { year: d.year })}>
                  <StatementTable
                    rows={d.statements}
                    totals={{ pretaxFen: d.grossFen, taxFen: d.withheldFen, netFen: d.grossFen - d.withheldFen }}
                  />
                </TableCard>
              ) : null}
              <IncomeLinks pages={['pretaxdetails', 'distributorannualincome', 'annualreview']} />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
