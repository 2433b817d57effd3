import { href } from '@abo/contract/pages';
import type { StatementItemView } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFen, formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { formatRateBp } from './income-format.ts';

/**
 * How a statement item's amount is worked out, in lines a person can check with a calculator
 * (issue #31), as the BFF says it is (item.derivation; the statement PDF shows the same):
 * base × rate = amount only where that holds; the promotion fee as the group BV at the own
 * bracket less each leg's own bracket, with its lines (each of which multiplies out) a link
 * away; leadership as received + own − passed up; an annual bonus as fund × units ÷ all units;
 * an item that paid nothing as its base and rate, not a product (the note says why). An answer
 * from before the BFF said how (derivation null) shows base and rate with no "×".
 */
export function ItemCalculation({ item: it, month }: { item: StatementItemView; month: string }) {
  const { t } = useTranslation('income');
  const { lang } = useLocalText();
  const fen = (n: number) => formatFen(n, lang);
  const rate = formatRateBp(it.rateBp, lang);
  const d = it.derivation;
  const kind = d?.kind ?? 'stated';
  const line = (text: string, muted = false) => <div className={muted ? 'muted small' : undefined}>{text}</div>;
  // Base and rate as they stand, with no "×" that would say the amount is their product.
  const baseAndRate = (
    <>
      {line(`${t('base')} ${fen(it.baseBvFen)}`)}
      {line(`${t('rate')} ${rate}`, true)}
    </>
  );
  let body;
  if (kind === 'product') {
    body = (
      <>
        {line(`${fen(it.baseBvFen)} × ${rate}`)}
        {line(`= ${fen(it.amountFen)}`, true)}
      </>
    );
  } else if (kind === 'differential') {
    body = (
      <>
        {line(t('calc.promotion', { base: fen(it.baseBvFen), rate }))}
        {line(t('calc.promotionLess'), true)}
        <div className="small">
          <Link
            to={href('/income/promotionservicefee', { month })}
            aria-label={`${t('calc.promotionOf', { month: formatMonth(month, lang) })} · ${t('calc.promotionLines')}`}
          >
            {t('calc.promotionLines')}
          </Link>
        </div>
      </>
    );
  } else if (kind === 'leadership' && it.leadership) {
    const l = it.leadership;
    body = (
      <>
        {line(t('calc.leadIn', { fen: fen(l.inFen) }))}
        {d?.baseTimesRate ? line(`(${fen(it.baseBvFen)} × ${rate})`, true) : null}
        {line(t('calc.leadOwn', { fen: fen(l.ownFen) }))}
        {line(t('calc.leadUp', { fen: fen(l.upFen) }))}
        {line(`= ${fen(it.amountFen)}`, true)}
      </>
    );
  } else if (kind === 'share' && it.share) {
    const s = it.share;
    body = (
      <>
        {line(t('calc.share', { fund: fen(s.fundFen), units: s.units, total: s.totalUnits }))}
        {line(`= ${fen(it.amountFen)}`, true)}
        {d?.baseTimesRate ? line(t('calc.fund', { base: fen(it.baseBvFen), rate }), true) : null}
      </>
    );
  } else if (kind === 'unmet') {
    body = (
      <>
        {baseAndRate}
        {line(t('calc.unmet'), true)}
      </>
    );
  } else if (it.baseBvFen || it.rateBp) {
    body = baseAndRate;
  } else {
    body = it.code === 'ADJUSTMENT' ? line(t('calc.adjustment'), true) : '—';
  }
  return (
    <div className="income-calc" data-derivation={d ? kind : 'unknown'}>
      {body}
    </div>
  );
}
