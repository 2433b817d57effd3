import { remunerationDeductionText } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { formatFen, formatFenLess, formatMonth } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { usePretax } from './api/get-pretax.ts';
import { IncomeLinks } from './components/income-links.tsx';
import { formatPercent } from './components/income-format.ts';
import { PaidLine } from './components/paid-on.tsx';
import { MonthQueryState, MonthSelect } from './components/pickers.tsx';
import { StepsCard, TotalsGrid } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import './i18n.ts';
import './pretaxdetails-i18n.ts';
import './income.css';

/** /income/pretaxdetails: pre-tax, the withholding worked out, net, and the (masked) card it went to. */
export default function PretaxDetailsPage() {
  const { t, i18n } = useTranslation('income');
  const lang = i18n.language;
  const { tx } = useLocalText();
  const [month, setMonth] = useParam('month');
  const q = usePretax(month);

  return (
    <Page title={t('pages.pretaxdetails')} onRefresh={() => q.refetch()} wide>
      <MonthQueryState query={q} month={month}>
        {(p) => {
          const w = p.withholding;
          return (
            <>
              <div className="card income-toolbar">
                <MonthSelect value={p.month!} months={p.months} onChange={setMonth} />
                <FigureTrace trace={{ kind: 'withholding', month: p.month!, withholding: w }} subject={t('withholding')} />
              </div>
              <section className="card" aria-labelledby="pretax-title">
                <h2 className="card__title" id="pretax-title">
                  {t('pages.pretaxdetails')} · {formatMonth(p.month!, lang)}
                </h2>
                <PaidLine day={p.paidOn} />
                <TotalsGrid totals={p} />
              </section>
              <div className="grid grid--2">
                <StepsCard id="wh-title" title={t('withholding')}>
                  <dt>{t('income')}</dt>
                  <dd>{formatFen(w.pretaxFen, lang)}</dd>
                  <dt>
                    {t('deduction')}
                    <div className="small">{tx(remunerationDeductionText(w.pretaxFen))}</div>
                  </dt>
                  <dd>{formatFenLess(w.deductionFen, lang)}</dd>
                  <dt className="income-steps__result">{t('taxable')}</dt>
                  <dd className="income-steps__result">{formatFen(w.taxableFen, lang)}</dd>
                  <dt>{t('taxRate')}</dt>
                  <dd>{formatPercent(w.ratePercent, lang)}</dd>
                  <dt>{t('quickDeduction')}</dt>
                  <dd>{formatFen(w.quickDeductionFen, lang)}</dd>
                  <dt className="income-steps__result">
                    {t('tax')}
                    <div className="small muted">{t('taxFormula')}</div>
                  </dt>
                  <dd className="income-steps__result">{formatFen(w.taxFen, lang)}</dd>
                  <dt className="income-steps__result">{t('net')}</dt>
                  <dd className="income-steps__result">
                    {formatFen(p.pretaxFen, lang)} − {formatFen(p.taxFen, lang)} = {formatFen(p.netFen, lang)}
                  </dd>
                </StepsCard>
                <StepsCard id="payee-title" title={t('payee')} after={<p className="muted small">{t('privacyNote')}</p>}>
                  <dt>{t('payeeName')}</dt>
                  <dd>{p.payeeName}</dd>
                  <dt>{t('bankName')}</dt>
                  <dd>{p.bankName}</dd>
                  <dt>{t('bankCard')}</dt>
                  <dd className="income-card-number" data-testid="bank-card">
                    {p.bankCardMasked}
                  </dd>
                  <dt>{t('nationalId')}</dt>
                  <dd className="num" data-testid="national-id">
                    {p.nationalIdMasked}
                  </dd>
                </StepsCard>
              </div>
              <IncomeLinks pages={['servicefee', 'commissiondetail', 'promotionservicefee']} search={`month=${p.month}`} />
            </>
          );
        }}
      </MonthQueryState>
    </Page>
  );
}
