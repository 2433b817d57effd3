import { ErrorBlock } from '../../components/error-block.tsx';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatFen, formatMonth } from '../../lib/format.ts';
import { useAnnualReview } from './api/get-annual-review.ts';
import { inWebview } from './components/document-button.tsx';
import { exportPng, pngDataUrl } from './components/export.ts';
import { ExportButton } from './components/export-button.tsx';
import { IncomeLinks } from './components/income-links.tsx';
import { formatPercent, pySlug } from './components/income-format.ts';
import { LongPressImage } from './components/long-press-image.tsx';
import { MonthsChart } from './components/months-chart.tsx';
import { PySelect } from './components/pickers.tsx';
import { useParam } from './components/use-param.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import './annualreview-i18n.ts';
import './annualreview.css';
import './i18n.ts';
import './income.css';

/**
 * /income/annualreview: the year in review (?year=25/26; by default the last complete PY, chosen
 * by the BFF), saved as a shareable PNG: downloaded on a desktop browser, shown full screen for a
 * long press to save in WeChat and the app (their webviews drop downloads). The card is the image
 * as it will be saved; its amounts are hidden until the distributor shows them, since income
 * claims in shared content are restricted for direct sellers in China.
 */
export default function AnnualReviewPage() {
  const { t } = useTranslation('income');
  const { t: tr } = useTranslation('annualreview');
  const { lang, tx } = useLocalText();
  const [year, setYear] = useParam('year');
  const q = useAnnualReview(year);
  const card = useRef<HTMLElement>(null);
  const [hideAmounts, setHideAmounts] = useState(true);
  const noteId = useId();
  const [image, setImage] = useState<string | null>(null);
  const closeImage = useCallback(() => setImage(null), []);
  // The button that opened the image: it is disabled (and loses the focus) while the image is made.
  const opener = useRef<HTMLElement | null>(null);
  const webview = inWebview();

  return (
    <Page title={t('pages.annualreview')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q} skeletonLines={10}>
        {(d) => (
          <>
            <div className="card income-toolbar">
              <PySelect value={d.py} pys={d.pys} onChange={setYear} />
              {d.monthsPaid > 0 ? (
                <>
                  {webview ? (
                    <ExportButton
                      target={card}
                      label={t('saveImage')}
                      run={async (el) => {
                        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
                        setImage(await pngDataUrl(el));
                      }}
                      done={null}
                    />
                  ) : (
                    <ExportButton target={card} label={t('saveImage')} run={(el) => exportPng(el, `annual-review-${pySlug(d.py)}.png`)} />
                  )}
                  <div className="review-share">
                    <label className="review-share__toggle">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={hideAmounts}
                        onChange={(e) => setHideAmounts(e.target.checked)}
                        aria-describedby={noteId}
                      />
                      {tr('hideAmounts')}
                    </label>
                    <span className="muted small" id={noteId}>
                      {tr('hideAmountsNote')}
                    </span>
                  </div>
                </>
              ) : null}
            </div>
            <section
              className={`income-review${hideAmounts ? ' income-review--no-amounts' : ''}`}
              ref={card}
              aria-labelledby="review-title"
            >
              <h2 className="card__title" id="review-title">
                {t('reviewTitle', { name: d.displayName, py: d.py })}
              </h2>
              {hideAmounts && d.monthsPaid > 0 ? null : <div className="muted small">{t('currentPin', { pin: tx(d.pin.name) })}</div>}
              {d.monthsPaid === 0 ? (
                <ErrorBlock status="empty" title={t('noStatements')} description={t('reviewEmpty')} className="income-review__empty" />
              ) : (
                <>
                  {hideAmounts ? (
                    <div className="income-review__grid" data-months-paid={d.monthsPaid}>
                      <Figure value={tx(d.pin.name)} label={tr('pin')} />
                      <Figure value={d.plansMet.length} label={tr('plansMet')} />
                    </div>
                  ) : (
                    <>
                      <div className="income-review__grid" data-months-paid={d.monthsPaid}>
                        <div data-net-fen={d.netFen}>
                          <Figure value={formatFen(d.netFen, lang)} label={t('netTotal')} />
                        </div>
                        <Figure value={formatFen(d.pretaxFen, lang)} label={t('pretaxTotal')} />
                        <Figure
                          value={d.bestMonth ? formatMonth(d.bestMonth.month, lang) : '—'}
                          label={t('bestMonth')}
                          hint={d.bestMonth ? formatFen(d.bestMonth.netFen, lang) : undefined}
                        />
                        <Figure
                          value={
                            d.growthPercent === null ? '—' : `${d.growthPercent > 0 ? '+' : ''}${formatPercent(d.growthPercent, lang)}`
                          }
                          label={t('growth')}
                          hint={
                            d.previousSamePeriod && d.previous && d.growthPercent !== null
                              ? t('previousPy', {
                                  py: d.previous.py,
                                  months: t('firstMonths', { count: d.comparedMonths }),
                                  amount: formatFen(d.previousSamePeriod.netFen, lang),
                                })
                              : t('growthNone')
                          }
                        />
                      </div>
                      <MonthsChart
                        title={t('netByMonth')}
                        months={d.months.map((m) => m.month)}
                        series={[{ label: t('net'), fen: d.months.map((m) => m.netFen) }]}
                        height={180}
                      />
                    </>
                  )}
                  <div className="grid grid--2" style={{ marginTop: 16 }}>
                    <div>
                      <h3 className="card__title">{t('pinsReached')}</h3>
                      {d.pinsReached.length === 0 ? (
                        <p className="muted small income-empty-note">{t('noNewPin')}</p>
                      ) : (
                        <ul className="income-review__list">
                          {d.pinsReached.map((p) => (
                            <li key={`${p.code}-${p.month}`}>
                              {tx(p.name)} · {formatMonth(p.month, lang)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                    <div>
                      <h3 className="card__title">{t('plansMet')}</h3>
                      {d.plansMet.length === 0 ? (
                        <p className="muted small income-empty-note">{t('noPlansMet', { n: d.plansEvaluated })}</p>
                      ) : (
                        <>
                          <ul className="income-review__list">
                            {d.plansMet.map((p) => (
                              <li key={p.code}>{tx(p.name)}</li>
                            ))}
                          </ul>
                          <p className="muted small income-empty-note">{t('plansCount', { n: d.plansEvaluated })}</p>
                        </>
                      )}
                    </div>
                  </div>
                  <p className="income-review__footer">{hideAmounts ? null : `${t('monthsPaid')}: ${d.monthsPaid} · `}ABO Inquiry</p>
                </>
              )}
            </section>
            <IncomeLinks pages={['distributorannualincome', 'annualtaxable', 'servicefee']} />
            {image ? (
              <LongPressImage
                src={image}
                alt={t('reviewTitle', { name: d.displayName, py: d.py })}
                onClose={closeImage}
                returnFocus={opener}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </Page>
  );
}
