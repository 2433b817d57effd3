import { endOfMonthText } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { FigureTrace } from '../../../components/figure-trace/figure-trace.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { textsOnFirstUse } from '../../../i18n/index.ts';
import { formatDay, formatFen, formatMonth, formatPv } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { useProjection } from '../api/get-projection.ts';

const addTexts = textsOnFirstUse(
  'projection',
  {
    title: '本月估算',
    badge: '估算',
    pace: '按目前进度，到{{end}}约 {{pv}} PV → 业绩奖励比例 {{percent}}，市场推广服务费约 {{fee}}',
    pretax: '按同一进度，本月结单税前合计约 {{fee}}（含领导奖金等各项）',
    net: '税后约 {{fee}}，预计 {{date}} 发放',
    noPace: '今天是本月第一天，尚无进度可估算。',
    lastYear: '若与去年同月（{{month}}，{{lastPv}} PV）持平：约 {{pv}} PV → {{percent}}，服务费约 {{fee}}',
    noLastYear: '去年同月（{{month}}）没有记录。',
    soFar: '截至今日（{{days}}/{{total}} 天）：{{pv}} PV，{{percent}}',
    qMonths: '本年度Q月：按已结算月份的进度，到{{end}}约 {{n}} / 12 个',
    qMonthsNone: '本年度尚无已结算月份，Q月进度待首月结算后估算。',
    note: '估算按本月至今的进度推算，并非结算结果；本月结算后以实际数字为准。',
  },
  {
    title: 'This month’s estimate',
    badge: 'Estimate',
    pace: 'At this pace, ≈ {{pv}} PV by {{end}} → {{percent}} bracket, promotion service fee ≈ {{fee}}',
    pretax: 'At the same pace, the month’s statement before tax ≈ {{fee}} (leadership and every other item included)',
    net: 'After tax ≈ {{fee}}, paid on {{date}}',
    noPace: 'Today is the first day of the month: no pace to project yet.',
    lastYear: 'If it ends like the same month last year ({{month}}, {{lastPv}} PV): ≈ {{pv}} PV → {{percent}}, fee ≈ {{fee}}',
    noLastYear: 'No record for the same month last year ({{month}}).',
    soFar: 'So far ({{days}} of {{total}} days): {{pv}} PV, {{percent}}',
    qMonths: 'Q months this PY: at the closed months’ pace, ≈ {{n}} of 12 by {{end}}',
    qMonthsNone: 'No month of this PY has closed yet: the Q-month pace follows the first close.',
    note: 'An estimate from the pace so far, not a result: the month’s figures are final when it closes.',
  },
);

/**
 * The achievement area's projection block: where this month ends at its pace so far (and if it
 * ends like last year's same month), with the bracket and promotion fee the engine gives that
 * volume, and this PY's Q months at the closed months' pace. Labelled as an estimate throughout.
 */
export function ProjectionCard() {
  addTexts();
  const { t } = useTranslation('projection');
  const { tx, lang } = useLocalText();
  const q = useProjection();
  const pv = (n: number) => formatPv(n, lang);
  const pct = (n: number) => `${n}%`;
  const fen = (n: number) => formatFen(n, lang);
  return (
    <QueryState query={q} skeletonLines={3}>
      {(d) => (
        <section className="card ach-projection" aria-labelledby="projection-title" data-estimate="true">
          <div className="ach-projection__head">
            <h2 className="card__title" id="projection-title">
              {t('title')}
            </h2>
            <span className="ach-projection__badge">{t('badge')}</span>
          </div>
          <p className="small muted">
            {t('soFar', { days: d.daysElapsed, total: d.daysInMonth, pv: pv(d.soFar.gpv), percent: pct(d.soFar.bracket) })}
          </p>
          {d.pace ? (
            <p className="ach-projection__main" data-projection="pace">
              {t('pace', {
                pv: pv(d.pace.gpv),
                end: tx(endOfMonthText(d.month)),
                percent: pct(d.pace.bracket),
                fee: fen(d.pace.promotionFen),
              })}{' '}
              <FigureTrace
                trace={{
                  kind: 'projection',
                  month: d.month,
                  gpv: d.soFar.gpv,
                  daysElapsed: d.daysElapsed,
                  daysInMonth: d.daysInMonth,
                  projectedGpv: d.pace.gpv,
                  bracketPercent: d.pace.bracket,
                  promotionFen: d.pace.promotionFen,
                }}
                subject={t('title')}
              />
            </p>
          ) : (
            <p className="ach-projection__main">{t('noPace')}</p>
          )}
          {d.pace ? (
            <p className="small" data-projection="pretax">
              {t('pretax', { fee: fen(d.pace.pretaxFen) })}
            </p>
          ) : null}
          {d.pace && d.pace.netFen !== null && d.pace.paidOn ? (
            <p className="small" data-projection="net">
              {t('net', { fee: fen(d.pace.netFen), date: formatDay(d.pace.paidOn, lang) })}
            </p>
          ) : null}
          <p className="small" data-projection="lastYear">
            {d.lastYear && d.lastYearGpv !== null
              ? t('lastYear', {
                  month: formatMonth(d.lastYearMonth, lang),
                  lastPv: pv(d.lastYearGpv),
                  pv: pv(d.lastYear.gpv),
                  percent: pct(d.lastYear.bracket),
                  fee: fen(d.lastYear.promotionFen),
                })
              : t('noLastYear', { month: formatMonth(d.lastYearMonth, lang) })}
          </p>
          <p className="small" data-projection="qMonths">
            {d.qMonths ? t('qMonths', { n: d.qMonths.projected, end: tx(endOfMonthText(d.qMonths.lastMonth)) }) : t('qMonthsNone')}
          </p>
          <p className="small muted">{t('note')}</p>
        </section>
      )}
    </QueryState>
  );
}
