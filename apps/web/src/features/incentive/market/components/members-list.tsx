// The phone's endless member list.
import type { MembersData } from '@abo/contract';
import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatPv } from '../../../../lib/format.ts';
import type { MemberQuery } from '../api/get-members.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { MembersExport } from './members-export-button.tsx';
import { PersonCell, PinLabel, QFlag } from './bits.tsx';
import { EmptyCard } from './empty-card.tsx';
import { WatchButton } from '../../../../components/watchlist/watch-button.tsx';
import { Summary, QTrace } from './members-table.tsx';

export function MembersList({
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
