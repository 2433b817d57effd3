import { href } from '@abo/contract/pages';
import type { StatementItemView } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen, formatFenLess, formatMonth, formatPv } from '../../lib/format.ts';
import { useStatement } from './api/get-statement.ts';
import { IncomeLinks } from './components/income-links.tsx';
import { formatRateBp } from './components/income-format.ts';
import { MonthQueryState, MonthSelect } from './components/pickers.tsx';
import { StepsCard } from './components/totals.tsx';
import { useParam } from './components/use-param.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import './i18n.ts';
import './commissiondetail-i18n.ts';
import './income.css';

/**
 * The steps of an item that is not leadership, as the BFF says its amount is worked out
 * (item.derivation): base and rate lead to the amount only where base × rate is the amount (or
 * the fund); the promotion fee's lines are a link away, each of which multiplies out.
 */
function ItemSteps({ item: it, month }: { item: StatementItemView; month: string }) {
  const { t } = useTranslation('income');
  const { lang } = useLocalText();
  const fen = (n: number) => formatFen(n, lang);
  const kind = it.derivation?.kind ?? 'stated';
  const baseRate = (
    <>
      <dt>{kind === 'differential' ? t('calc.groupBv') : t('base')}</dt>
      <dd>{it.baseBvFen ? fen(it.baseBvFen) : '—'}</dd>
      <dt>{kind === 'differential' ? t('calc.ownBracket') : t('rate')}</dt>
      <dd>{it.rateBp ? formatRateBp(it.rateBp, lang) : '—'}</dd>
    </>
  );
  let steps;
  if (kind === 'product') {
    steps = (
      <>
        {baseRate}
        <dt className="income-steps__result">{t('calc.product')}</dt>
        <dd className="income-steps__result">
          {fen(it.baseBvFen)} × {formatRateBp(it.rateBp, lang)} = {fen(it.amountFen)}
        </dd>
      </>
    );
  } else if (kind === 'share' && it.share) {
    steps = (
      <>
        {it.derivation?.baseTimesRate ? baseRate : null}
        <dt>{t('fund')}</dt>
        <dd>
          {it.derivation?.baseTimesRate ? `${fen(it.baseBvFen)} × ${formatRateBp(it.rateBp, lang)} = ` : ''}
          {fen(it.share.fundFen)}
        </dd>
        <dt>{t('units')}</dt>
        <dd>
          {it.share.units} / {it.share.totalUnits}
        </dd>
        <dt className="income-steps__result">{t('amount')}</dt>
        <dd className="income-steps__result">
          {fen(it.share.fundFen)} × {it.share.units} / {it.share.totalUnits} = {fen(it.amountFen)}
        </dd>
      </>
    );
  } else {
    steps = (
      <>
        {kind === 'stated' && !it.baseBvFen && !it.rateBp ? null : baseRate}
        {kind === 'differential' ? (
          <>
            <dt>{t('calc.promotionLess')}</dt>
            <dd>
              <Link
                to={href('/income/promotionservicefee', { month })}
                aria-label={`${t('calc.promotionOf', { month: formatMonth(month, lang) })} · ${t('calc.legByLeg')}`}
              >
                {t('calc.legByLeg')}
              </Link>
            </dd>
          </>
        ) : null}
        {kind === 'unmet' ? (
          <>
            <dt>{t('calc.condition')}</dt>
            <dd>{t('calc.notMet')}</dd>
          </>
        ) : null}
        <dt className="income-steps__result">{t('amount')}</dt>
        <dd className="income-steps__result">{fen(it.amountFen)}</dd>
      </>
    );
  }
  return (
    <dl className="income-steps" data-derivation={it.derivation ? kind : 'unknown'}>
      {steps}
    </dl>
  );
}

/** /income/commissiondetail: every item of a month's statement and how its amount is worked out. */
export default function CommissionDetailPage() {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  const [month, setMonth] = useParam('month');
  const q = useStatement(month, 'commissiondetail');

  return (
    <Page title={t('pages.commissiondetail')} onRefresh={() => q.refetch()} wide>
      <MonthQueryState query={q} month={month}>
        {(s) => (
          <>
            <div className="card income-toolbar">
              <MonthSelect value={s.month!} months={s.months} onChange={setMonth} />
              <TermHelp code="PV_BV" />
            </div>
            {s.volume ? (
              <section className="card" aria-labelledby="volume-title">
                <h2 className="card__title" id="volume-title">
                  {t('volume')} · {formatMonth(s.month!, lang)}
                </h2>
                <div className="grid income-volume">
                  <Figure value={formatPv(s.volume.ppv, lang)} unit="PV" label={t('ppv')} />
                  <Figure value={formatPv(s.volume.gpv, lang)} unit="PV" label={t('gpv')} />
                  <Figure value={formatPv(s.volume.pgpv, lang)} unit="PV" label={t('pgpv')} />
                  <Figure value={s.volume.bracketPercent} unit="%" label={t('bracket')} />
                  <Figure value={s.volume.qLegs} label={t('qLegs')} />
                </div>
                <FigureTrace trace={{ kind: 'bracket', month: s.month!, ppv: s.volume.ppv, gpv: s.volume.gpv }} subject={t('bracket')} />
              </section>
            ) : null}
            <div className="grid grid--2">
              {s.items.map((it, i) => (
                <section
                  key={`${it.code}-${it.subCode ?? i}`}
                  className="card"
                  id={`item-${it.code}`}
                  aria-labelledby={`item-title-${i}`}
                  data-item-fen={it.amountFen}
                >
                  <h2 className="card__title" id={`item-title-${i}`}>
                    {tx(it.name)}
                  </h2>
                  <Figure value={formatFen(it.amountFen, lang)} label={formatMonth(s.month!, lang)} />
                  {it.leadership ? (
                    // Leadership is not base × rate: it is what stays after passing up (engine: leadershipShare).
                    <dl className="income-steps">
                      <dt>{t('leadIn')}</dt>
                      <dd>{formatFen(it.leadership.inFen, lang)}</dd>
                      <dt>{t('leadOwn')}</dt>
                      <dd>{formatFen(it.leadership.ownFen, lang)}</dd>
                      <dt>{t('leadUp')}</dt>
                      <dd>{formatFenLess(it.leadership.upFen, lang)}</dd>
                      <dt className="income-steps__result">{t('leadKept')}</dt>
                      <dd className="income-steps__result">{formatFen(it.amountFen, lang)}</dd>
                    </dl>
                  ) : (
                    <ItemSteps item={it} month={s.month!} />
                  )}
                  <p className="muted small">{it.note ? tx(it.note) : t(`itemNotes.${it.code}`, { defaultValue: '' })}</p>
                  <p className="small">
                    <FigureTrace trace={{ kind: 'item', month: s.month!, item: it }} subject={tx(it.name)} />
                  </p>
                </section>
              ))}
            </div>
            <StepsCard id="sum-title" title={t('itemsSum')}>
              <dt>{t('pretax')}</dt>
              <dd data-pretax-fen={s.pretaxFen}>{formatFen(s.pretaxFen, lang)}</dd>
              <dt>{t('tax')}</dt>
              <dd data-tax-fen={s.taxFen}>{formatFenLess(s.taxFen, lang)}</dd>
              <dt className="income-steps__result">{t('net')}</dt>
              <dd className="income-steps__result" data-net-fen={s.netFen}>
                {formatFen(s.netFen, lang)}
              </dd>
            </StepsCard>
            <IncomeLinks pages={['servicefee', 'promotionservicefee', 'pretaxdetails']} search={`month=${s.month}`} />
          </>
        )}
      </MonthQueryState>
    </Page>
  );
}
