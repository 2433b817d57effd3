import { useTranslation } from 'react-i18next';
import { formatFen, formatMonth, formatPv } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { useMonthsTrend, useStatementsTrend } from '../api/get-trends.ts';
import './trend-i18n.ts';

/**
 * Bars on one scale, oldest first; the open month (so far, not a dip) is drawn hollow. The
 * numbers are in the label: the bars are for the eye.
 */
function Bars({ values, openIndex, label }: { values: readonly number[]; openIndex: number; label: string }) {
  const max = Math.max(1, ...values);
  return (
    <svg className="home-trend__bars" viewBox={`0 0 ${values.length * 10} 40`} preserveAspectRatio="none" role="img" aria-label={label}>
      {values.map((v, i) => {
        const h = Math.max(1, (Math.max(0, v) / max) * 38);
        return (
          <rect key={i} x={i * 10 + 1.5} y={40 - h} width={7} height={h} className={i === openIndex ? 'home-trend__open' : undefined} />
        );
      })}
    </svg>
  );
}

/** The achievement area's trend: personal-group PV of the last 12 months, the open month so far. */
export function PvTrend() {
  const { t } = useTranslation('homeTrend');
  const { t: tc } = useTranslation();
  const { lang } = useLocalText();
  const months = useMonthsTrend(true).data;
  if (!months || months.length === 0) return null;
  const from = formatMonth(months[0]!.month, lang);
  const to = formatMonth(months.at(-1)!.month, lang);
  const openIndex = months.findIndex((m) => m.state === 'open');
  // A month before the history reads "no data" (no bar), not 0 PV.
  const values = months
    .map((m) => `${formatMonth(m.month, lang)} ${m.state === 'noData' ? tc('history.noData') : formatPv(m.pgpv, lang)}`)
    .join(', ');
  return (
    <div className="home-trend" data-testid="home-trend-pv">
      <div className="muted small">{t('pv', { from, to })}</div>
      <Bars values={months.map((m) => m.pgpv)} openIndex={openIndex} label={t('pvLabel', { from, to, values })} />
      {openIndex >= 0 ? <div className="muted small">{t('soFar', { month: formatMonth(months[openIndex]!.month, lang) })}</div> : null}
    </div>
  );
}

/** The incentive area's trend: which of the last 12 months were Q months (what the plans count). */
export function QTrend() {
  const { t } = useTranslation('homeTrend');
  const { t: tc } = useTranslation();
  const { lang } = useLocalText();
  const months = useMonthsTrend(true).data;
  if (!months || months.length === 0) return null;
  const closed = months.filter((m) => m.state === 'closed');
  const q = closed.filter((m) => m.isQ);
  const from = formatMonth(months[0]!.month, lang);
  const to = formatMonth(months.at(-1)!.month, lang);
  return (
    <div className="home-trend" data-testid="home-trend-q">
      <div className="muted small">{t('q', { count: q.length })}</div>
      <ol
        className="home-trend__q"
        aria-label={t('qLabel', { from, to, months: q.map((m) => formatMonth(m.month, lang)).join(', ') || '—' })}
      >
        {months.map((m) => (
          <li
            key={m.month}
            title={m.state === 'noData' ? `${formatMonth(m.month, lang)} · ${tc('history.noData')}` : formatMonth(m.month, lang)}
            className={
              m.state === 'open' ? 'home-trend__open' : m.state === 'noData' ? 'home-trend__nodata' : m.isQ ? 'home-trend__yes' : undefined
            }
          />
        ))}
      </ol>
      <div className="home-trend__ends muted small" aria-hidden="true">
        <span>{from}</span>
        <span>{to}</span>
      </div>
    </div>
  );
}

/** The income area's trend: net paid by statement month, and the last statement's pre-tax and tax. */
export function IncomeTrend({ pretaxFen, taxFen }: { pretaxFen: number | null; taxFen: number | null }) {
  const { t } = useTranslation('homeTrend');
  const { lang } = useLocalText();
  const rows = useStatementsTrend(true);
  const from = rows?.[0] ? formatMonth(rows[0].month, lang) : '';
  const to = rows?.at(-1) ? formatMonth(rows.at(-1)!.month, lang) : '';
  return (
    <div className="home-trend" data-testid="home-trend-income">
      {pretaxFen !== null && taxFen !== null ? (
        <div className="area-card__figures">
          <div>
            <span className="home-trend__figure num">{formatFen(pretaxFen, lang)}</span>
            <div className="muted small">{t('pretax')}</div>
          </div>
          <div>
            <span className="home-trend__figure num">{formatFen(taxFen, lang)}</span>
            <div className="muted small">{t('tax')}</div>
          </div>
        </div>
      ) : null}
      {rows && rows.length > 1 ? (
        <>
          <div className="muted small">{t('net', { from, to })}</div>
          <Bars
            values={rows.map((r) => r.netFen)}
            openIndex={-1}
            label={t('netLabel', {
              from,
              to,
              values: rows.map((r) => `${formatMonth(r.month, lang)} ${formatFen(r.netFen, lang)}`).join(', '),
            })}
          />
        </>
      ) : null}
    </div>
  );
}
