import type { MemberRow, MemberSort, MembersData } from '@abo/contract';
import { MEMBER_SORT_ORDER } from '@abo/contract/member-sorts';
import { PIN_CODES, pinName } from '@abo/plan';
import type { InfiniteData, UseQueryResult } from '@tanstack/react-query';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DataTable, type DataColumn, type SortState } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { Page } from '../../../../components/page.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { FigureTrace } from '../../../../components/figure-trace/figure-trace.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useMembersInfinite, useMembersPage, type MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import {
  BRACKETS,
  DEFAULT_QUERY,
  PAGE_SIZES,
  membersFromParams,
  membersToParams,
  type MembersLocation,
  type PageSize,
} from '../members-url.ts';
import { MembersExport } from './members-export-button.tsx';
import { PersonCell, PinLabel, QFlag } from './bits.tsx';
import { EmptyCard } from './empty-card.tsx';
import { MarketNav } from './market-nav.tsx';
import { useWide } from './use-wide.ts';
import { WatchButton } from '../../../../components/watchlist/watch-button.tsx';
import { LazyWatchlistCard } from '../../../../components/watchlist/watchlist-card-lazy.tsx';

/** Rows per request of the phone's endless list. */
const LIST_PAGE_SIZE = 20;
/** The sorts as the sort picker lists them: the everyday ones first. */
const SORTS: MemberSort[] = ['pgpv', 'pvToQ', 'gpv', 'ppv', 'qMonths', 'pin', 'level', 'joinDate'];

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
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const loc = useMemo(() => membersFromParams(params), [params]);
  const { query, page, pageSize } = loc;
  const effective: MemberQuery = year ? { ...query, year } : query;
  const paged = useMembersPage(effective, page, pageSize, wide);
  const infinite = useMembersInfinite(effective, LIST_PAGE_SIZE, !wide);
  const first = wide ? paged.data : infinite.data?.pages[0];

  // Filters, sort and page live in the address: a new entry per change, so Back undoes it.
  const go = (next: MembersLocation, focus?: string) => {
    const state: FocusState | undefined = focus ? { membersFocus: focus } : undefined;
    setParams(membersToParams(next, params), { state });
  };
  const change = (next: Partial<MemberQuery>, focus?: string) => go({ query: { ...query, ...next }, page: 1, pageSize }, focus);

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
          <Link to="/incentiveplan/marketmembertracking/useguide" className="term-help">
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
        onReset={() => go({ query: DEFAULT_QUERY, page: 1, pageSize })}
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
                onPage={(p, control) => go({ ...loc, page: p }, `[data-pager="${control}"]`)}
                onPageSize={(size) => go({ query, page: 1, pageSize: size }, '[data-pager="size"]')}
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

function Filters({
  query,
  maxLevel,
  wide,
  onChange,
  onReset,
}: {
  query: MemberQuery;
  maxLevel: number;
  wide: boolean;
  onChange: (q: Partial<MemberQuery>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const [search, setSearch] = useState(query.search ?? '');
  const levels = Array.from({ length: Math.max(1, maxLevel) }, (_, i) => i + 1);
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: search.trim() || undefined });
  };
  return (
    <section className="card market-filters" aria-labelledby="market-filters-title">
      <h2 className={wide ? 'card__title' : 'visually-hidden'} id="market-filters-title">
        {t('filters')}
      </h2>
      <form className="market-search" onSubmit={submit} role="search">
        <input
          type="search"
          value={search}
          maxLength={40}
          placeholder={t('search')}
          aria-label={t('search')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" color="primary" size="small">
          {t('searchButton')}
        </Button>
      </form>
      <details className="market-filter-more" open={wide}>
        <summary>{t('filters')}</summary>
        <div className="market-filter-grid">
          <label className="market-field">
            <span className="muted small">{t('levelFrom')}</span>
            <select value={query.levelMin ?? ''} onChange={(e) => onChange({ levelMin: num(e.target.value) })}>
              <option value="">{t('levelAll')}</option>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {t('levelN', { n: l })}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('levelTo')}</span>
            <select value={query.levelMax ?? ''} onChange={(e) => onChange({ levelMax: num(e.target.value) })}>
              <option value="">{t('levelAll')}</option>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {t('levelN', { n: l })}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterPin')}</span>
            <select
              value={query.pins?.[0] ?? ''}
              onChange={(e) =>
                onChange({
                  pins: e.target.value === '' ? undefined : [Number(e.target.value)],
                })
              }
            >
              <option value="">{t('bracketAll')}</option>
              {PIN_CODES.map((p) => (
                <option key={p} value={p}>
                  {tx(pinName(p))}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterBracket')}</span>
            <select
              value={query.bracketMin ?? ''}
              onChange={(e) => {
                const b = num(e.target.value);
                onChange({ bracketMin: b, bracketMax: b });
              }}
            >
              <option value="">{t('bracketAll')}</option>
              {BRACKETS.map((b) => (
                <option key={b} value={b}>
                  {b}%
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('filterQ')}</span>
            <select value={query.q ?? 'all'} onChange={(e) => onChange({ q: e.target.value as 'all' | 'q' | 'notQ' })}>
              <option value="all">{t('qAll')}</option>
              <option value="q">{t('isQ')}</option>
              <option value="notQ">{t('notQ')}</option>
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">{t('sortBy')}</span>
            <select
              value={query.sort ?? 'pgpv'}
              onChange={(e) => {
                const sort = e.target.value as MemberSort;
                onChange({ sort, order: MEMBER_SORT_ORDER[sort] });
              }}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="market-field">
            <span className="muted small">
              {t('sortDesc')} / {t('sortAsc')}
            </span>
            <select value={query.order ?? 'desc'} onChange={(e) => onChange({ order: e.target.value as 'asc' | 'desc' })}>
              <option value="desc">{t(query.sort === 'pvToQ' ? 'farthestFirst' : 'sortDesc')}</option>
              <option value="asc">{t(query.sort === 'pvToQ' ? 'closestFirst' : 'sortAsc')}</option>
            </select>
          </label>
          <label className="market-check">
            <input type="checkbox" checked={!!query.joinedThisPy} onChange={(e) => onChange({ joinedThisPy: e.target.checked })} />
            <span>{t('joinedThisPy')}</span>
          </label>
        </div>
        <Button size="small" fill="outline" onClick={onReset}>
          {t('reset')}
        </Button>
      </details>
    </section>
  );
}

function Summary({ d }: { d: MembersData }) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const monthLabel = t(d.monthOpen ? 'monthOpen' : 'monthClosed', {
    month: formatMonth(d.month, lang),
  });
  return (
    <p className="market-summary">
      <strong className="num">
        {t('found', {
          total: formatPv(d.total, lang),
          count: d.total,
          size: formatPv(d.downlineSize, lang),
        })}
      </strong>
      <span className="muted small">
        {' '}
        · {t('yearMonth', { month: monthLabel })} · {d.py} · {t('threshold', { pv: formatPv(d.qThreshold, lang) })}
      </span>
    </p>
  );
}

function MembersTable({
  d,
  query,
  sort,
  onSort,
  onPage,
  onPageSize,
  stale,
}: {
  d: MembersData;
  /** The rows are the last ones shown while another sort, filter or page loads. */
  stale: boolean;
  query: MemberQuery;
  sort: SortState;
  onSort: (s: SortState) => void;
  onPage: (p: number, control: 'prev' | 'next') => void;
  onPageSize: (size: PageSize) => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const pv = (n: number) => formatPv(n, lang);
  const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
  // The server sorts: a column only says which sort it is, and which order its first click asks for.
  const s = (key: MemberSort) => ({ sortValue: () => key, firstOrder: MEMBER_SORT_ORDER[key] });
  const columns: DataColumn<MemberRow>[] = [
    {
      key: 'member',
      header: t('member'),
      cell: (r) => (
        <span className="watch-cell">
          <WatchButton member={r} threshold={d.qThreshold} />
          <PersonCell person={r} />
        </span>
      ),
    },
    {
      key: 'level',
      numeric: true,
      header: t('level'),
      cell: (r) => <span className="num">{r.level}</span>,
      ...s('level'),
    },
    {
      key: 'pin',
      header: t('pin'),
      cell: (r) => <PinLabel code={r.pinCode} />,
      ...s('pin'),
    },
    {
      key: 'pgpv',
      numeric: true,
      header: `${t('pgpv')} (PV)`,
      cell: (r) => pv(r.pgpv),
      ...s('pgpv'),
    },
    { key: 'bracket', numeric: true, header: t('bracket'), cell: (r) => `${r.bracket}%` },
    {
      key: 'q',
      header: t('q'),
      cell: (r) => (
        <>
          <QFlag isQ={r.isQ} />
          <QTrace row={r} month={d.month} />
        </>
      ),
    },
    {
      key: 'pvToQ',
      numeric: true,
      header: `${t('pvToQ')} (PV)`,
      cell: (r) => (r.isQ ? '—' : pv(r.pvToQ)),
      ...s('pvToQ'),
    },
    {
      key: 'qMonths',
      numeric: true,
      header: t('qMonthsPy'),
      cell: (r) => <span className="num">{r.qMonthsPy}</span>,
      ...s('qMonths'),
    },
    {
      key: 'ppv',
      numeric: true,
      header: `${t('ppv')} (PV)`,
      cell: (r) => pv(r.ppv),
      ...s('ppv'),
    },
    {
      key: 'gpv',
      numeric: true,
      header: `${t('gpv')} (PV)`,
      cell: (r) => pv(r.gpv),
      ...s('gpv'),
    },
    {
      key: 'joinDate',
      numeric: true,
      header: t('joinDate'),
      cell: (r) => (
        <span className="num">
          {r.joinDate}
          {r.joinedThisPy ? <span className="market-new"> · {t('joinedThisPy')}</span> : null}
        </span>
      ),
      ...s('joinDate'),
    },
  ];
  return (
    <TableCard id="market-members-title" title={t('member')} actions={<MembersExport query={query} total={d.total} />}>
      {/* The previous rows stay while the next arrive: say they are not this view's answer yet. */}
      <div className="market-rows" aria-busy={stale}>
        <Summary d={d} />
        {d.total === 0 ? (
          <EmptyCard title={t('emptyFilter')} text={t('emptyFilterText')} />
        ) : (
          <>
            <DataTable className="market-table" columns={columns} rows={d.rows} rowKey={(r) => r.ref} sort={sort} onSort={onSort} />
            <nav className="market-pager" aria-label={t('pager')}>
              <Button size="small" disabled={d.page <= 1} onClick={() => onPage(d.page - 1, 'prev')} data-pager="prev">
                {t('prev')}
              </Button>
              <span className="num small" aria-current="page">
                {t('page', { page: d.page, pages })}
              </span>
              <Button size="small" disabled={d.page >= pages} onClick={() => onPage(d.page + 1, 'next')} data-pager="next">
                {t('next')}
              </Button>
              <label className="market-field market-field--inline">
                <span className="muted small">{t('pageSize')}</span>
                <select value={d.pageSize} onChange={(e) => onPageSize(Number(e.target.value) as PageSize)} data-pager="size">
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {t('perPage', { n })}
                    </option>
                  ))}
                </select>
              </label>
            </nav>
          </>
        )}
      </div>
    </TableCard>
  );
}

function MembersList({
  pages,
  query,
  hasMore,
  loadMore,
}: {
  pages: MembersData[];
  query: MemberQuery;
  hasMore: boolean;
  loadMore: () => Promise<void>;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const first = pages[0]!;
  const rows = pages.flatMap((p) => p.rows);
  return (
    <section className="card" aria-labelledby="market-members-title">
      <div className="table-card__head">
        <h2 className="card__title" id="market-members-title">
          {t('member')}
        </h2>
        <MembersExport query={query} total={first.total} />
      </div>
      <Summary d={first} />
      {/* The sort picker is folded away on a phone: say what the list is sorted by. */}
      <p className="market-sorted muted small">
        {t('sortedBy', {
          sort: t(`sorts.${query.sort ?? 'pgpv'}`),
          order: t(
            query.sort === 'pvToQ'
              ? query.order === 'desc'
                ? 'farthestFirst'
                : 'closestFirst'
              : query.order === 'asc'
                ? 'sortAsc'
                : 'sortDesc',
          ),
        })}
      </p>
      {first.total === 0 ? (
        <EmptyCard title={t('emptyFilter')} text={t('emptyFilterText')} />
      ) : (
        <>
          <ul className="market-list">
            {rows.map((r) => (
              <li key={r.ref} className="market-list__item">
                <div className="market-list__head">
                  <span className="watch-cell">
                    <WatchButton member={r} threshold={first.qThreshold} />
                    <PersonCell person={r} />
                  </span>
                  <span className="market-list__q">
                    <QFlag isQ={r.isQ} />
                    <QTrace row={r} month={first.month} />
                  </span>
                </div>
                <dl className="market-list__facts">
                  <div>
                    <dt>{t('pgpv')}</dt>
                    <dd className="num">{formatPv(r.pgpv, lang)} PV</dd>
                  </div>
                  <div>
                    <dt>{t('pvToQ')}</dt>
                    <dd className="num">{r.isQ ? '—' : `${formatPv(r.pvToQ, lang)} PV`}</dd>
                  </div>
                  <div>
                    <dt>{t('bracket')}</dt>
                    <dd className="num">{r.bracket}%</dd>
                  </div>
                  <div>
                    <dt>{t('qMonthsPy')}</dt>
                    <dd className="num">
                      {r.qMonthsPy} {t('monthsUnit')}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('level')}</dt>
                    <dd className="num">{t('levelN', { n: r.level })}</dd>
                  </div>
                  <div>
                    <dt>{t('pin')}</dt>
                    <dd>
                      <PinLabel code={r.pinCode} />
                      {r.joinedThisPy ? <span className="market-new"> · {t('joinedThisPy')}</span> : null}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            <span className="muted small">{hasMore ? t('loadingMore') : t('noMore')}</span>
          </InfiniteScroll>
        </>
      )}
    </section>
  );
}

/** Whether a member is Q in the month shown, worked out from their group PV (the engine's threshold). */
function QTrace({ row, month }: { row: MemberRow; month: string }) {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const who = tx(row.maskedName);
  return <FigureTrace compact trace={{ kind: 'q', month, gpv: row.gpv, ppv: row.ppv, who }} subject={`${t('q')} ${who}`} />;
}
