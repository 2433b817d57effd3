import { ErrorBlock } from '../../components/error-block.tsx';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen, formatMonth } from '../../lib/format.ts';
import { useIncomeTypes } from './api/get-income-types.ts';
import { INCOME_PAGES } from './components/income-links.tsx';
import { TotalsGrid } from './components/totals.tsx';
import './i18n.ts';
import './income.css';
import { TableScroll } from '../../components/table-scroll.tsx';

/** /income/type: the entry of the income area — latest statement, this PY by kind, and every income page. */
export default function IncomeTypePage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const en = lang === 'en-US';
  const types = useIncomeTypes();

  return (
    <Page title={t('pages.type')} onRefresh={() => types.refetch()} wide>
      <QueryState query={types} skeletonLines={8}>
        {(d) => (
          <>
            <div className="grid grid--2">
              <section className="card" aria-labelledby="latest-title">
                <h2 className="card__title" id="latest-title">
                  {d.latestMonth ? t('latestMonth', { month: formatMonth(d.latestMonth, lang) }) : t('noStatements')}
                </h2>
                {d.latest && d.latestMonth ? (
                  <>
                    <TotalsGrid totals={d.latest} />
                    <Link to={`/income/servicefee?month=${d.latestMonth}`} className="term-help">
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
                <Link to={`/income/distributorannualincome?year=${encodeURIComponent(d.py)}`} className="term-help">
                  {t('pages.distributorannualincome')} <RightOutline aria-hidden="true" />
                </Link>
              </section>
            </div>

            <section className="card" aria-labelledby="types-title">
              <h2 className="card__title" id="types-title">
                {t('typesTitle')}
              </h2>
              <p className="muted small">{t('typesHint')}</p>
              <TableScroll>
                <table className="data-table income-types">
                  <thead>
                    <tr>
                      <th scope="col">{t('item')}</th>
                      <th scope="col">{d.latestMonth ? formatMonth(d.latestMonth, lang) : t('latestAmount')}</th>
                      <th scope="col">{t('pyAmount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.types.map((x) => (
                      <tr key={x.code}>
                        <th scope="row">
                          {x.code === 'PROMOTION' ? (
                            <Link to="/income/promotionservicefee">{en ? x.nameEn : x.name}</Link>
                          ) : (
                            <Link to={`/income/commissiondetail#item-${x.code}`}>{en ? x.nameEn : x.name}</Link>
                          )}
                        </th>
                        <td>{formatFen(x.latestAmountFen, lang)}</td>
                        <td>{formatFen(x.pyAmountFen, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <p className="small">
                <TermHelp code="BRACKET" />
              </p>
            </section>

            <nav className="card" aria-labelledby="pages-title">
              <h2 className="card__title" id="pages-title">
                {t('pagesTitle')}
              </h2>
              <ul className="income-links">
                {INCOME_PAGES.map((p) => (
                  <li key={p}>
                    <Link to={`/income/${p}`} className="income-links__link">
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
        )}
      </QueryState>
    </Page>
  );
}
