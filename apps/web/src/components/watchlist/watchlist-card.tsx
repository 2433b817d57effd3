import { href } from '@abo/contract/pages';
import type { WatchRow } from '@abo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dstInfoQuery } from '../../lib/dst-info.ts';
import { formatMonth, formatPv } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { useWatchlist, watchAccess } from './watchlist-api.ts';
import { useWatchlistTexts } from './watchlist-i18n.ts';
import './watchlist.css';

const TRACKING = href('/incentiveplan/marketmembertracking');

/** One starred leg: name, gap to Q this month (or Q ✓), a bar to Q, the note; opens its details. */
function WatchLeg({ row, threshold }: { row: WatchRow; threshold: number }) {
  const { t } = useTranslation('watchlist');
  const { tx, lang } = useLocalText();
  const name = tx(row.maskedName);
  return (
    <li>
      <Link className="watch-row" to={href('/incentiveplan/marketdetails', { ref: row.ref })}>
        <span className="visually-hidden">{t('open', { name })}: </span>
        <span className="watch-row__body">
          <span className="watch-row__top">
            <span>
              <bdi className="watch-row__name">{name}</bdi> <span className="muted small num">{row.maskedAda}</span>
            </span>
            <span className={`watch-row__gap num${row.isQ ? ' watch-row__gap--q' : ''}`}>
              {row.isQ ? t('isQ') : t('toQ', { pv: formatPv(row.pvToQ, lang) })}
            </span>
          </span>
          <span className={`watch-row__bar${row.isQ ? ' watch-row__bar--q' : ''}`} aria-hidden="true">
            <span style={{ width: `${row.progressPct}%` }} />
          </span>
          <span className="muted small num">{t('progress', { gpv: formatPv(row.gpv, lang), threshold: formatPv(threshold, lang) })}</span>
          {row.note ? <span className="watch-row__note">{row.note}</span> : null}
        </span>
        <RightOutline aria-hidden="true" className="watch-row__chevron" />
      </Link>
    </li>
  );
}

/**
 * The starred legs of the viewer's market with each one's gap to Q this month (issue #22): on
 * home and member tracking, the first `limit` with a link to all (home) or a button that shows
 * them in place (`expand`, member tracking). Shown to the distributor
 * and to staff looking one up; not to a leader reading a member's pages through queryAda.
 */
export default function WatchlistCard({ limit, expand = false }: { limit?: number; expand?: boolean }) {
  useWatchlistTexts();
  const { t } = useTranslation('watchlist');
  const [expanded, setExpanded] = useState(false);
  const { lang } = useLocalText();
  const access = watchAccess();
  const list = useWatchlist();
  // Staff look at someone else's list: it is named theirs, not "My watchlist".
  const owner = useQuery({ ...dstInfoQuery(), enabled: access.read && !access.write });
  if (!access.read) return null;
  const title = (
    <h2 id="watchlist-title" className="card__title">
      {access.write ? t('title') : owner.data ? t('titleOf', { name: owner.data.fullName }) : t('title')}
    </h2>
  );
  if (list.isPending) {
    return (
      <section className="card watch-card" aria-labelledby="watchlist-title" aria-busy="true">
        {title}
        <div role="status" aria-label={t('loading')}>
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      </section>
    );
  }
  if (list.isError) {
    return (
      <section className="card watch-card" aria-labelledby="watchlist-title">
        {title}
        <p className="watch-card__empty" role="alert">
          {t('error')}{' '}
          <Button size="mini" fill="outline" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </p>
      </section>
    );
  }
  const d = list.data;
  const rows = limit === undefined || expanded ? d.rows : d.rows.slice(0, limit);
  return (
    <section className="card watch-card" aria-labelledby="watchlist-title">
      <div className="watch-card__head">
        {title}
        <span className="muted small">{t('subtitle', { month: formatMonth(d.month, lang) })}</span>
      </div>
      {d.rows.length === 0 ? (
        <>
          <p className="watch-card__empty">
            {t('empty')} {access.write ? t('emptyHow') : null}
          </p>
          {access.write ? (
            <Link className="watch-card__link" to={TRACKING}>
              {t('emptyLink')} <RightOutline aria-hidden="true" />
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <ul className="watch-card__list">
            {rows.map((r) => (
              <WatchLeg key={r.ref} row={r} threshold={d.qThreshold} />
            ))}
          </ul>
          {rows.length >= d.rows.length ? null : expand ? (
            <Button size="small" fill="none" className="watch-card__link" onClick={() => setExpanded(true)}>
              {t('more', { count: d.rows.length })}
            </Button>
          ) : (
            <Link className="watch-card__link" to={TRACKING}>
              {t('more', { count: d.rows.length })} <RightOutline aria-hidden="true" />
            </Link>
          )}
        </>
      )}
      {!access.write ? <p className="muted small">{t('staffNote')}</p> : null}
    </section>
  );
}
