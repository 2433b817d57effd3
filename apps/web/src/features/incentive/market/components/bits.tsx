import { href } from '@abo/contract/pages';
import type { MarketPerson, QFlag } from '@abo/contract';
import { pinName } from '@abo/plan';
import { CheckCircleFill, ClockCircleOutline, MinusCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';

export function PinLabel({ code }: { code: number }) {
  const { tx } = useLocalText();
  return <>{tx(pinName(code))}</>;
}

/** Masked name and ADA of a member, linking to their market details. */
export function PersonCell({ person, link = true }: { person: MarketPerson; link?: boolean }) {
  const { tx } = useLocalText();
  const { t } = useTranslation('incentiveMarket');
  const name = tx(person.maskedName);
  const body = (
    <>
      <bdi className="market-person__name">{name}</bdi> <span className="market-person__ada num">{person.maskedAda}</span>
    </>
  );
  // The link's name is its text, with what it does first for screen readers (an aria-label
  // that differs from the visible text fails voice control: "click 王华***明").
  return link ? (
    <Link className="market-person" to={href('/incentiveplan/marketdetails', { ref: person.ref })}>
      <span className="visually-hidden">{t('viewDetails')}: </span>
      {body}
    </Link>
  ) : (
    <span className="market-person">{body}</span>
  );
}

/** Q or not, as icon + text + colour. */
export function QFlag({ isQ }: { isQ: boolean }) {
  const { t } = useTranslation('incentiveMarket');
  return isQ ? (
    <span className="status status--met">
      <CheckCircleFill aria-hidden="true" />
      {t('isQ')}
    </span>
  ) : (
    <span className="market-notq">
      <MinusCircleOutline aria-hidden="true" />
      {t('notQ')}
    </span>
  );
}

/** A small progress bar towards the Q threshold with the figures in words. */
export function QProgress({ gpv, pct, threshold }: { gpv: number; pct: number; threshold: number }) {
  const { lang } = useLocalText();
  return (
    <span className="market-progress" title={`${formatPv(gpv, lang)} / ${formatPv(threshold, lang)} PV`}>
      <span className="market-progress__bar" aria-hidden="true">
        <span className={`market-progress__fill${pct >= 100 ? ' market-progress__fill--done' : ''}`} style={{ width: `${pct}%` }} />
      </span>
      <span className="num small">{pct}%</span>
    </span>
  );
}

/** The months of a PY as Q / not Q / not started cells, each with text for screen readers. */
export function QMonths({ months, flags }: { months: string[]; flags: QFlag[] }) {
  const { lang } = useLocalText();
  const { t } = useTranslation('incentiveMarket');
  // The last started month is the open one: not Q yet there means "still running", not "missed".
  let open = -1;
  flags.forEach((f, i) => {
    if (typeof f === 'boolean') open = i;
  });
  return (
    <span className="market-qmonths">
      {months.map((m, i) => {
        const f = flags[i] ?? null;
        // Before the member's history there are no figures: neither Q nor missed.
        const state = f === null ? 'future' : f === 'noData' ? 'noData' : f ? 'q' : i === open ? 'pending' : 'no';
        const text = { future: t('qFuture'), noData: t('qNoData'), q: t('qYes'), pending: t('qPending'), no: t('qNo') }[state];
        const label = `${formatMonth(m, lang)}: ${text}`;
        return (
          <span key={m} className={`market-qmonth market-qmonth--${state}`} title={label} role="img" aria-label={label}>
            {state === 'future' ? (
              <ClockCircleOutline aria-hidden="true" />
            ) : state === 'q' ? (
              'Q'
            ) : state === 'pending' ? (
              '…'
            ) : state === 'noData' ? (
              '–'
            ) : (
              '·'
            )}
          </span>
        );
      })}
    </span>
  );
}

/**
 * A six-month PGPV sparkline (bars), with the numbers in its label. Every row of a table passes the
 * same `max`, so bars compare across rows; the last month, when still `open`, is drawn outlined and
 * marked "so far" (month-to-date volume, not a dip).
 */
export function Trend({ values, months, max, open = false }: { values: number[]; months: string[]; max?: number; open?: boolean }) {
  const { lang } = useLocalText();
  const { t } = useTranslation('incentiveMarket');
  const top = Math.max(1, max ?? 0, ...values);
  const last = values.length - 1;
  const label = values
    .map((v, i) => {
      const month = months[i] ? formatMonth(months[i], lang) : '';
      return open && i === last ? t('trendSoFar', { month, pv: formatPv(v, lang) }) : `${month} ${formatPv(v, lang)} PV`;
    })
    .join(', ');
  return (
    <span className="market-trend" role="img" aria-label={label} title={label}>
      {values.map((v, i) => (
        <span
          key={i}
          className={`market-trend__bar${open && i === last ? ' market-trend__bar--open' : ''}`}
          style={{ height: `${Math.max(2, Math.round((v / top) * 20))}px` }}
        />
      ))}
      {open ? (
        <span className="market-trend__so-far" aria-hidden="true">
          {t('soFar')}
        </span>
      ) : null}
    </span>
  );
}
