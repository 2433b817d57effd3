import type { CopyRow } from '@abo/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../components/data-table/table-card.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TermHelp } from '../../../components/term-help.tsx';
import { useCopies, type CopiesKind } from './api/get-copies.ts';
import { PersonCell, PinLabel, QMonths } from './components/bits.tsx';
import { EmptyCard } from './components/empty-card.tsx';
import { MarketNav } from './components/market-nav.tsx';
import './market.css';
import './i18n.ts';
import './tracking-copies-i18n.ts';

const PAGE_SIZE = 20;
const KINDS: CopiesKind[] = ['all', 'streak', 'repeatYear'];

/** Downline members who repeated a qualification (consecutive Q months, or Q in both PYs). */
export default function TrackingCopiesPage() {
  const { t } = useTranslation('incentiveMarket');
  const [kind, setKind] = useState<CopiesKind>('all');
  const [page, setPage] = useState(1);
  const query = useCopies(kind, page, PAGE_SIZE);
  const kindLabel = (k: CopiesKind) => (k === 'all' ? t('copiesAll') : k === 'streak' ? t('copiesStreak') : t('copiesRepeat'));

  return (
    <Page title={t('title.copies')} onRefresh={() => query.refetch()} wide>
      <MarketNav />
      <section className="card">
        <p className="market-intro">{t('intro.copies')}</p>
        <div className="market-toolbar" role="group" aria-label={t('filters')}>
          {KINDS.map((k) => (
            <Button
              key={k}
              size="small"
              color={k === kind ? 'primary' : 'default'}
              fill={k === kind ? 'solid' : 'outline'}
              aria-pressed={k === kind}
              onClick={() => {
                setKind(k);
                setPage(1);
              }}
            >
              {kindLabel(k)}
            </Button>
          ))}
          <TermHelp code="Q_MONTH" />
        </div>
      </section>
      <QueryState query={query} skeletonLines={8}>
        {(d) => {
          const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
          const columns: DataColumn<CopyRow>[] = [
            {
              key: 'member',
              header: t('member'),
              cell: (r) => <PersonCell person={r} />,
              sortValue: (r) => r.maskedAda,
            },
            {
              key: 'level',
              numeric: true,
              header: t('level'),
              cell: (r) => <span className="num">{r.level}</span>,
              sortValue: (r) => r.level,
            },
            {
              key: 'current',
              numeric: true,
              header: `${t('currentRun')} (${t('monthsUnit')})`,
              cell: (r) => <span className="num">{r.currentRun}</span>,
              sortValue: (r) => r.currentRun,
            },
            {
              key: 'longest',
              numeric: true,
              header: `${t('longestRun')} (${t('monthsUnit')})`,
              cell: (r) => <span className="num">{r.longestRun}</span>,
              sortValue: (r) => r.longestRun,
            },
            {
              key: 'qThis',
              numeric: true,
              header: `${t('qMonthsPy')} (${d.py})`,
              cell: (r) => <span className="num">{r.qMonthsPy}</span>,
              sortValue: (r) => r.qMonthsPy,
            },
            {
              key: 'qLast',
              numeric: true,
              header: `${t('qMonthsLastPy')} (${d.lastPy})`,
              cell: (r) => <span className="num">{r.qMonthsLastPy}</span>,
              sortValue: (r) => r.qMonthsLastPy,
            },
            {
              key: 'grid',
              header: `${t('qGrid')} (${d.py})`,
              cell: (r) => <QMonths months={d.months} flags={r.qByMonth} />,
            },
            {
              key: 'pin',
              header: t('pin'),
              cell: (r) => <PinLabel code={r.pinCode} />,
              sortValue: (r) => r.pinCode,
            },
          ];
          return (
            <>
              <section className="grid grid--2">
                <div className="card">
                  <Figure value={d.totals.streak} unit={t('peopleUnit')} label={t('copiesStreak')} />
                </div>
                <div className="card">
                  <Figure value={d.totals.repeatYear} unit={t('peopleUnit')} label={`${t('copiesRepeat')} (${d.lastPy}, ${d.py})`} />
                </div>
              </section>
              <TableCard title={kindLabel(kind)}>
                {d.total === 0 ? (
                  <EmptyCard title={t('emptyCopies')} text={t('emptyCopiesText')} />
                ) : (
                  <>
                    <DataTable className="market-table" columns={columns} rows={d.rows} rowKey={(r) => r.ref} />
                    <nav className="market-pager" aria-label={t('page', { page: d.page, pages })}>
                      <Button size="small" disabled={d.page <= 1} onClick={() => setPage(d.page - 1)}>
                        {t('prev')}
                      </Button>
                      <span className="num small">{t('page', { page: d.page, pages })}</span>
                      <Button size="small" disabled={d.page >= pages} onClick={() => setPage(d.page + 1)}>
                        {t('next')}
                      </Button>
                    </nav>
                  </>
                )}
              </TableCard>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
