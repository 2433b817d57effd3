import { href } from '@abo/contract/pages';
import type { MemberSort, MembersData } from '@abo/contract';
import type { InfiniteData, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAddressParams } from '../../../../lib/use-address-params.ts';
import { Page } from '../../../../components/page.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { useMembersInfinite, useMembersPage, type MemberQuery } from '../api/get-members.ts';
import { DEFAULT_QUERY, membersFromParams, membersToParams, type MembersLocation } from '../members-url.ts';
import { MarketNav } from './market-nav.tsx';
import { useWide } from './use-wide.ts';
import { LazyWatchlistCard } from '../../../../components/watchlist/watchlist-card-lazy.tsx';
import { Filters } from './members-filters.tsx';
import { MembersTable } from './members-table.tsx';
import { MembersList } from './members-list.tsx';

/** Rows per request of the phone's endless list. */
const LIST_PAGE_SIZE = 20;

/** Where the focus goes once the view for a new address is shown (it is a new view: see KeepAliveOutlet). */
interface FocusState {
  membersFocus?: string;
}

interface Props {
  title: string;
  /** The year-switchable layout (type page): the chosen PY, and how to change it. */
  year?: string | undefined;
  onYear?: (year: string) => void;
  /** The list / tree switch (member tracking of the current PY). */
  views?: ReactNode;
}

/** Market member tracking: the whole downline with filters, sorting and server-side paging. */
export function MembersView({ title, year, onYear, views }: Props) {
  const { t } = useTranslation('incentiveMarket');
  const wide = useWide();
  const [params, setParams] = useAddressParams();
  const location = useLocation();
  const loc = useMemo(() => membersFromParams(params), [params]);
  const { query, page, pageSize } = loc;
  const effective: MemberQuery = year ? { ...query, year } : query;
  const paged = useMembersPage(effective, page, pageSize, wide);
  const infinite = useMembersInfinite(effective, LIST_PAGE_SIZE, !wide);
  const first = wide ? paged.data : infinite.data?.pages[0];

  // Filters, sort and page live in the address: a new entry per change, so Back undoes it. Each
  // change applies to the last one asked for, which the address may not show yet.
  const go = (next: (asked: MembersLocation) => MembersLocation, focus?: string) => {
    const state: FocusState | undefined = focus ? { membersFocus: focus } : undefined;
    setParams((p) => membersToParams(next(membersFromParams(p)), p), { state });
  };
  const change = (next: Partial<MemberQuery>, focus?: string) =>
    go((asked) => ({ query: { ...asked.query, ...next }, page: 1, pageSize: asked.pageSize }), focus);

  // Each address is a view of its own: give the focus back to the control that made it.
  const root = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  const focus = (location.state as FocusState | null)?.membersFocus;
  const shown = !!first;
  useEffect(() => {
    if (!focus || !shown || focused.current) return;
    focused.current = true;
    root.current?.querySelector<HTMLElement>(focus)?.focus();
  }, [focus, shown]);

  return (
    <Page title={title} onRefresh={() => (wide ? paged.refetch() : infinite.refetch())} wide>
      <MarketNav />
      <LazyWatchlistCard limit={5} expand />
      <section className="card">
        <p className="market-intro">{t('intro.members')}</p>
        <div className="market-toolbar">
          <Link to={href('/incentiveplan/marketmembertracking/useguide')} className="term-help">
            {t('guideLink')}
          </Link>
          {views}
          {onYear && first ? (
            <label className="market-field">
              <span className="muted small">{t('year')}</span>
              <select value={year ?? first.py} onChange={(e) => onYear(e.target.value)}>
                {first.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </section>
      <Filters
        query={query}
        maxLevel={first?.maxLevel ?? 0}
        wide={wide}
        onChange={change}
        onReset={() => go((asked) => ({ query: DEFAULT_QUERY, page: 1, pageSize: asked.pageSize }))}
      />
      <div ref={root}>
        {wide ? (
          <QueryState
            query={paged}
            skeletonLines={10}
            isEmpty={(d) => d.downlineSize === 0}
            emptyTitle={t('emptyMarket')}
            emptyText={t('emptyMarketText')}
          >
            {(d, { stale }) => (
              <MembersTable
                d={d}
                stale={stale}
                query={effective}
                sort={{ key: query.sort ?? 'pgpv', order: query.order ?? 'desc' }}
                onSort={(s) => change({ sort: s.key as MemberSort, order: s.order }, `th[data-column="${s.key}"] button`)}
                onPage={(p, control) => go((asked) => ({ ...asked, page: p }), `[data-pager="${control}"]`)}
                onPageSize={(size) => go((asked) => ({ query: asked.query, page: 1, pageSize: size }), '[data-pager="size"]')}
              />
            )}
          </QueryState>
        ) : (
          <QueryState
            query={infinite as unknown as UseQueryResult<InfiniteData<MembersData, number>>}
            skeletonLines={10}
            isEmpty={(d) => (d.pages[0]?.downlineSize ?? 0) === 0}
            emptyTitle={t('emptyMarket')}
            emptyText={t('emptyMarketText')}
          >
            {(d) => (
              <MembersList
                pages={d.pages}
                query={effective}
                hasMore={!!infinite.hasNextPage}
                loadMore={async () => {
                  await infinite.fetchNextPage();
                }}
              />
            )}
          </QueryState>
        )}
      </div>
    </Page>
  );
}
