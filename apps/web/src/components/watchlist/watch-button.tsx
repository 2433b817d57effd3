import type { MemberGap, WatchRow } from '@abo/contract';
import { qProgressPct } from '@abo/plan';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocalText } from '../../lib/use-local-text.ts';
import { useWatch, watchAccess, watchlistQuery } from './watchlist-api.ts';
import { useWatchlistTexts } from './watchlist-i18n.ts';
import './watchlist.css';

/** A member as a star is given them: their figures this month, however far along to Q. */
type Starrable = Omit<MemberGap, 'progressPct'>;

/**
 * The row the list shows for a member just starred until the BFF's own answer replaces it: the
 * member the star was given, measured against the threshold as the BFF measures them.
 */
const starredRow = (m: Starrable, threshold: number): WatchRow => ({ ...m, progressPct: qProgressPct(m.gpv, threshold), note: '' });

/**
 * The star of a market member (member tracking rows, market details): a toggle button whose name
 * says whom it watches and whose pressed state says whether it does. Shown only to the
 * distributor themselves (api/watchlist.ts watchAccess).
 */
export function WatchButton({
  member: m,
  threshold,
}: {
  /** The member with this month's figures (a member tracking row, the details page's member). */
  member: Starrable;
  /** The Q threshold the figures are measured against. */
  threshold: number;
}) {
  useWatchlistTexts();
  const { t } = useTranslation('watchlist');
  const { tx } = useLocalText();
  const client = useQueryClient();
  const write = watchAccess().write;
  // Each row follows only whether its own member is starred: a star elsewhere re-renders one row.
  const list = useQuery({ ...watchlistQuery(), enabled: write, select: (d) => d.rows.some((r) => r.ref === m.ref) });
  const watch = useWatch();
  if (!write) return null;
  const watched = list.data ?? false;
  const onClick = () => {
    const d = client.getQueryData(watchlistQuery().queryKey);
    if (!d) return;
    if (!watched && d.rows.length >= d.max) {
      // The toast loads when it is needed, not with every page that has a star.
      void Promise.all([import('antd-mobile/es/components/toast'), import('../../lib/antd-setup.ts')]).then(([toast]) =>
        toast.default.show({ content: t('starFull', { max: d.max }) }),
      );
      return;
    }
    watch.mutate({ row: starredRow(m, threshold), watched: !watched });
  };
  const Icon = watched ? StarFill : StarOutline;
  return (
    <button
      type="button"
      className={`watch-star${watched ? ' watch-star--on' : ''}`}
      aria-pressed={watched}
      aria-label={t('star', { name: tx(m.maskedName) })}
      aria-disabled={list.data === undefined}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}
