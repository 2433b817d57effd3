import { href } from '@abo/contract/pages';
import { remunerationWithholdingDetail } from '@abo/plan';
import { ErrorBlock } from '../../components/error-block.tsx';
import { RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen, formatMonth } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { useIncomeTypes } from './api/get-income-types.ts';
import { INCOME_PAGES } from './components/income-links.tsx';
import { TotalsGrid } from './components/totals.tsx';
import './i18n.ts';
import './type-i18n.ts';
import './income.css';

// Below the first screen: its own chunk, loaded after the page.
const YearOnYear = lazy(() => import('../../components/year-on-year/year-on-year.tsx'));

/** /income/type: the entry of the income area — latest statement, this PY by kind, and every income page. */
export default function IncomeTypePage() {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  const types = useIncomeTypes();

  return (
    <Page title={t('pages.type')} onRefresh={() => types.refetch()} wide>
      <QueryState query={types} skeletonLines={8}>
        {(d) => {
          // The latest statement's tax, worked out by the engine from its pre-tax total; shown only
          // when it is the tax the statement withheld (this answer carries the totals, not the steps).
          const withholding = d.latest ? remunerationWithholdingDetail(d.latest.pretaxFen) : null;
          return (
            <>
              <div className="grid grid--2">
                <section className="card" aria-labelledby="latest-title">
                  <h2 className="card__title" id="latest-title">
                    {d.latestMonth ? t('latestMonth', { month: formatMonth(d.latestMonth, lang) }) : t('noStatements')}
                  </h2>
                  {d.latest && d.latestMonth ? (
                    <>
                      <TotalsGrid totals={d.latest} />
                      {withholding && withholding.taxFen === d.latest.taxFen ? (
                        <p className="small">
                          <FigureTrace trace={{ kind: 'withholding', month: d.latestMonth, withholding }} subject={t('tax')} />
                        </p>
                      ) : null}
                      <Link to={href('/income/servicefee', { month: d.latestMonth })} className="term-help">
                        {t('pages.servicefee')} <RightOutline aria-hidden="true" />
                      </Link>
                    </>
                  ) : (
                    <ErrorBlock status="empty" title={t('noStatements')} description={t('noStatementsText')} />
                  )}
                </section>
                <section className="card" aria-labelledby="py-title">
                  <h2 className="card__title" id="py-title">
                    {t('thisPy', { py: d.py })}
                  </h2>
                  <TotalsGrid totals={d.pyTotals} />
                  <Link to={href('/income/distributorannualincome', { year: d.py })} className="term-help">
                    {t('pages.distributorannualincome')} <RightOutline aria-hidden="true" />
                  </Link>
                </section>
              </div>

              <TableCard id="types-title" title={t('typesTitle')}>
                <p className="muted small">{t('typesHint')}</p>
                <DataTable
                  className="income-types"
                  columns={[
                    {
                      key: 'item',
                      header: t('item'),
                      cell: (x) =>
                        x.code === 'PROMOTION' ? (
                          <Link to={href('/income/promotionservicefee')}>{tx(x.name)}</Link>
                        ) : (
                          <Link to={`${href('/income/commissiondetail')}#item-${x.code}`}>{tx(x.name)}</Link>
                        ),
                    },
                    {
                      key: 'latest',
                      header: d.latestMonth ? formatMonth(d.latestMonth, lang) : t('latestAmount'),
                      numeric: true,
                      cell: (x) => formatFen(x.latestAmountFen, lang),
                    },
                    { key: 'py', header: t('pyAmount'), numeric: true, cell: (x) => formatFen(x.pyAmountFen, lang) },
                  ]}
                  rows={d.types}
                  rowKey={(x) => x.code}
                />
                <p className="small">
                  <TermHelp code="BRACKET" />
                </p>
              </TableCard>

              <Suspense fallback={null}>
                <YearOnYear area="income" />
              </Suspense>

              <nav className="card" aria-labelledby="pages-title">
                <h2 className="card__title" id="pages-title">
                  {t('pagesTitle')}
                </h2>
                <ul className="income-links">
                  {INCOME_PAGES.map((p) => (
                    <li key={p}>
                      <Link to={href(`/income/${p}`)} className="income-links__link">
                        <span>
                          {t(`pages.${p}`)}
                          <span className="income-links__hint">{t(`pageHints.${p}`)}</span>
                        </span>
                        <RightOutline aria-hidden="true" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
