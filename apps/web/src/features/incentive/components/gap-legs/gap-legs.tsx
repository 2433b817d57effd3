import { href } from '@abo/contract/pages';
import type { GapLegRow, GapLegsData, PlanData } from '@abo/contract';
import { Button, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WatchButton } from '../../../../components/watchlist/watch-button.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { useGapLegs } from '../../api/gap-legs.ts';
import { membersHref } from '../../market/members-url.ts';
import { useGapLegsTexts } from './gap-legs-i18n.ts';
import './gap-legs.css';

export type GapLegsKind = GapLegsData['kind'];

function LegRow({ row, d }: { row: GapLegRow; d: GapLegsData }) {
  const { t } = useTranslation('gapLegs');
  const { tx, lang } = useLocalText();
  const name = tx(row.maskedName);
  const pv = formatPv(row.pvToQ, lang);
  const thisMonth = row.isQ ? t('isQ') : d.kind === 'flqMonths' ? t('toQ', { pv }) : t('thisMonthToQ', { pv });
  return (
    <li className="gap-leg">
      <Link className="gap-leg__link" to={href('/incentiveplan/marketdetails', { ref: row.ref })}>
        <span className="visually-hidden">{t('open', { name })}: </span>
        <span className="gap-leg__top">
          <span>
            <bdi className="gap-leg__name">{name}</bdi> <span className="muted small num">{row.maskedAda}</span>
          </span>
          {d.kind === 'lddMarkets' ? (
            <span className="gap-leg__need num">{t('qMonths', { q: row.qMonths, need: d.legQMonths, n: row.monthsNeeded })}</span>
          ) : (
            <span className="gap-leg__need num">{thisMonth}</span>
          )}
        </span>
        <span className={`gap-leg__bar${row.isQ ? ' gap-leg__bar--q' : ''}`} aria-hidden="true">
          <span style={{ width: `${row.progressPct}%` }} />
        </span>
        <span className="muted small num">
          {d.kind === 'lddMarkets' ? `${thisMonth} · ` : ''}
          {t('progress', { gpv: formatPv(row.gpv, lang), threshold: formatPv(d.qThreshold, lang) })}
        </span>
      </Link>
      <WatchButton member={row} threshold={d.qThreshold} />
    </li>
  );
}

export interface GapLegsProps {
  plan: PlanData;
  kind: GapLegsKind;
  /** False under a button that already says what this is: the title is then for screen readers only. */
  titled?: boolean;
}

/**
 * The frontline legs that could close a plan's FLQ or LDD gap (issue #22), nearest first, each
 * with what it still needs, a star for the watchlist and its market details; the engine decides
 * which legs count (packages/plan plans/gap-legs.ts).
 */
export default function GapLegs({ plan, kind, titled = true }: GapLegsProps) {
  useGapLegsTexts();
  const { t } = useTranslation('gapLegs');
  const { lang } = useLocalText();
  const titleId = useId();
  const q = useGapLegs({ code: plan.code, kind });
  const end = formatMonth(plan.months[plan.months.length - 1]!, lang);
  const title = (
    <h3 id={titleId} className={titled ? 'gap-legs__title' : 'visually-hidden'}>
      {t('title')}
    </h3>
  );
  if (q.isPending) {
    return (
      <section className="gap-legs" aria-labelledby={titleId}>
        {title}
        <div role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      </section>
    );
  }
  if (q.isError) {
    return (
      <section className="gap-legs" aria-labelledby={titleId}>
        {title}
        <p role="alert" className="small">
          {t('error')}{' '}
          <Button size="mini" fill="outline" onClick={() => void q.refetch()}>
            {t('retry')}
          </Button>
        </p>
      </section>
    );
  }
  const d = q.data;
  const vars = { count: d.counting, need: d.legQMonths, end };
  const empty = d.kind === 'lddMarkets' ? t('lddNone', vars) : d.counting > 0 ? t('flqNone') : t('flqNoLegs');
  return (
    <section className="gap-legs" aria-labelledby={titleId}>
      {title}
      {d.rows.length === 0 ? (
        <p className="small muted">{empty}</p>
      ) : (
        <>
          <p className="small">{t(d.kind === 'lddMarkets' ? 'lddLead' : 'flqLead', vars)}</p>
          <ul className="gap-legs__list" aria-labelledby={titleId}>
            {d.rows.map((r) => (
              <LegRow key={r.ref} row={r} d={d} />
            ))}
          </ul>
          {d.total > d.rows.length ? <p className="small muted">{t('shown', { shown: d.rows.length, total: d.total })}</p> : null}
        </>
      )}
      <Link className="link-button" to={membersHref({ levelMax: 1, q: 'notQ', sort: 'pvToQ' })}>
        {t('allLegs')} <RightOutline aria-hidden="true" />
      </Link>
    </section>
  );
}
