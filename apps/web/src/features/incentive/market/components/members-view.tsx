import type { MemberRow, MemberSort, MembersData } from '@abo/contract';
import { PIN_CODES, pinName } from '@abo/plan';
import type { InfiniteData, UseQueryResult } from '@tanstack/react-query';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type SortState } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { Page } from '../../../../components/page.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { TermHelp } from '../../../../components/term-help.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { useMembersInfinite, useMembersPage, type MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { PersonCell, PinLabel, QFlag } from './bits.tsx';
import { EmptyCard } from './empty-card.tsx';
import { MarketNav } from './market-nav.tsx';
import { useWide } from './use-wide.ts';

const PAGE_SIZE = 20;
const BRACKETS = [0, 3, 6, 9, 12, 15, 18, 21];
const SORTS: MemberSort[] = ['pgpv', 'pvToQ', 'gpv', 'ppv', 'qMonths', 'pin', 'level', 'joinDate'];
const DEFAULT_QUERY: MemberQuery = {
  sort: 'pgpv',
  order: 'desc',
  q: 'all',
  joinedThisPy: false,
};

interface Props {
  title: string;
  /** The year-switchable layout (type page): the chosen PY, and how to change it. */
  year?: string | undefined;
  onYear?: (year: string) => void;
}

/** Market member tracking: the whole downline with filters, sorting and server-side paging. */
export function MembersView({ title, year, onYear }: Props) {
  const { t } = useTranslation('incentiveMarket');
  const wide = useWide();
  const [query, setQuery] = useState<MemberQuery>(DEFAULT_QUERY);
  const [page, setPage] = useState(1);
  const effective: MemberQuery = year ? { ...query, year } : query;
  const paged = useMembersPage(effective, page, PAGE_SIZE, wide);
  const infinite = useMembersInfinite(effective, PAGE_SIZE, !wide);
  const first = wide ? paged.data : infinite.data?.pages[0];

  const change = (next: Partial<MemberQuery>) => {
    setQuery((q) => ({ ...q, ...next }));
    setPage(1);
  };

  return (
    <Page title={title} onRefresh={() => (wide ? paged.refetch() : infinite.refetch())} wide>
      <MarketNav />
      <section className="card">
        <p className="market-intro">{t('intro.members')}</p>
        <div className="market-toolbar">
          <Link to="/incentiveplan/marketmembertracking/useguide" className="term-help">
            {t('guideLink')}
          </Link>
          <TermHelp code="Q_MONTH" />
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
        onReset={() => {
          setQuery(DEFAULT_QUERY);
          setPage(1);
        }}
      />
      {wide ? (
        <QueryState
          query={paged}
          skeletonLines={10}
          isEmpty={(d) => d.downlineSize === 0}
          emptyTitle={t('emptyMarket')}
          emptyText={t('emptyMarketText')}
        >
          {(d) => (
            <MembersTable
              d={d}
              sort={{ key: query.sort ?? 'pgpv', order: query.order ?? 'desc' }}
              onSort={(s) => change({ sort: s.key as MemberSort, order: s.order })}
              onPage={setPage}
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
              hasMore={!!infinite.hasNextPage}
              loadMore={async () => {
                await infinite.fetchNextPage();
              }}
            />
          )}
        </QueryState>
      )}
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
            <select value={query.sort ?? 'pgpv'} onChange={(e) => onChange({ sort: e.target.value as MemberSort })}>
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
              <option value="desc">{t('sortDesc')}</option>
              <option value="asc">{t('sortAsc')}</option>
            </select>
          </label>
          <label className="market-check">
            <input type="checkbox" checked={!!query.joinedThisPy} onChange={(e) => onChange({ joinedThisPy: e.target.checked })} />
            <span>{t('joinedThisPy')}</span>
          </label>
        </div>
        <Button
          size="small"
          fill="outline"
          onClick={() => {
            setSearch('');
            onReset();
          }}
        >
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
  sort,
  onSort,
  onPage,
}: {
  d: MembersData;
  sort: SortState;
  onSort: (s: SortState) => void;
  onPage: (p: number) => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const pv = (n: number) => formatPv(n, lang);
  const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
  const s = (key: MemberSort) => () => key;
  const columns: DataColumn<MemberRow>[] = [
    {
      key: 'member',
      header: t('member'),
      cell: (r) => <PersonCell person={r} />,
    },
    {
      key: 'level',
      numeric: true,
      header: t('level'),
      cell: (r) => <span className="num">{r.level}</span>,
      sortValue: s('level'),
    },
    {
      key: 'pin',
      header: t('pin'),
      cell: (r) => <PinLabel code={r.pinCode} />,
      sortValue: s('pin'),
    },
    {
      key: 'pgpv',
      numeric: true,
      header: `${t('pgpv')} (PV)`,
      cell: (r) => pv(r.pgpv),
      sortValue: s('pgpv'),
    },
    { key: 'bracket', numeric: true, header: t('bracket'), cell: (r) => `${r.bracket}%` },
    {
      key: 'q',
      header: t('q'),
      cell: (r) => <QFlag isQ={r.isQ} />,
    },
    {
      key: 'pvToQ',
      numeric: true,
      header: `${t('pvToQ')} (PV)`,
      cell: (r) => (r.isQ ? '—' : pv(r.pvToQ)),
      sortValue: s('pvToQ'),
    },
    {
      key: 'qMonths',
      numeric: true,
      header: t('qMonthsPy'),
      cell: (r) => <span className="num">{r.qMonthsPy}</span>,
      sortValue: s('qMonths'),
    },
    {
      key: 'ppv',
      numeric: true,
      header: `${t('ppv')} (PV)`,
      cell: (r) => pv(r.ppv),
      sortValue: s('ppv'),
    },
    {
      key: 'gpv',
      numeric: true,
      header: `${t('gpv')} (PV)`,
      cell: (r) => pv(r.gpv),
      sortValue: s('gpv'),
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
      sortValue: s('joinDate'),
    },
  ];
  return (
    <TableCard id="market-members-title" title={t('member')}>
      <Summary d={d} />
      {d.total === 0 ? (
        <EmptyCard title={t('emptyFilter')} text={t('emptyFilterText')} />
      ) : (
        <>
          <DataTable className="market-table" columns={columns} rows={d.rows} rowKey={(r) => r.ref} sort={sort} onSort={onSort} />
          <nav className="market-pager" aria-label={t('page', { page: d.page, pages })}>
            <Button size="small" disabled={d.page <= 1} onClick={() => onPage(d.page - 1)}>
              {t('prev')}
            </Button>
            <span className="num small">{t('page', { page: d.page, pages })}</span>
            <Button size="small" disabled={d.page >= pages} onClick={() => onPage(d.page + 1)}>
              {t('next')}
            </Button>
          </nav>
        </>
      )}
    </TableCard>
  );
}

function MembersList({ pages, hasMore, loadMore }: { pages: MembersData[]; hasMore: boolean; loadMore: () => Promise<void> }) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const first = pages[0]!;
  const rows = pages.flatMap((p) => p.rows);
  return (
    <section className="card" aria-labelledby="market-members-title">
      <h2 className="card__title" id="market-members-title">
        {t('member')}
      </h2>
      <Summary d={first} />
      {first.total === 0 ? (
        <EmptyCard title={t('emptyFilter')} text={t('emptyFilterText')} />
      ) : (
        <>
          <ul className="market-list">
            {rows.map((r) => (
              <li key={r.ref} className="market-list__item">
                <div className="market-list__head">
                  <PersonCell person={r} />
                  <QFlag isQ={r.isQ} />
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
