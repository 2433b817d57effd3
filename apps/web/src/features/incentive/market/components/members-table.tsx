// The desktop's member table, the summary line above the results and the Q trace of a row.
import type { MemberRow, MemberSort, MembersData } from '@abo/contract';
import { MEMBER_SORT_ORDER } from '@abo/contract/member-sorts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type SortState } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { FigureTrace } from '../../../../components/figure-trace/figure-trace.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import type { MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { PAGE_SIZES, type PageSize } from '../members-url.ts';
import { MembersExport } from './members-export-button.tsx';
import { PersonCell, PinLabel, QFlag } from './bits.tsx';
import { EmptyCard } from './empty-card.tsx';
import { WatchButton } from '../../../../components/watchlist/watch-button.tsx';

export function Summary({ d }: { d: MembersData }) {
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

export function MembersTable({
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

/** Whether a member is Q in the month shown, worked out from their group PV (the engine's threshold). */
export function QTrace({ row, month }: { row: MemberRow; month: string }) {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const who = tx(row.maskedName);
  return <FigureTrace compact trace={{ kind: 'q', month, gpv: row.gpv, ppv: row.ppv, who }} subject={`${t('q')} ${who}`} />;
}
