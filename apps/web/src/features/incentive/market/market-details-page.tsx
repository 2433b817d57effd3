import type { DetailsData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../components/data-table/table-card.tsx';
import { Figure } from '../../../components/figure.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FigureTrace } from '../../../components/figure-trace/figure-trace.tsx';
import { FreshnessNote } from '../../../components/freshness-note.tsx';
import { HistoryStartNote, historyStartOf, NoData } from '../../../components/no-data.tsx';
import { formatMonth, formatPv } from '../../../lib/format.ts';
import { useDetails } from './api/get-details.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { PersonCell, PinLabel, QFlag, QProgress } from './components/bits.tsx';
import { MarketNav } from './components/market-nav.tsx';
import { WatchButton } from '../../../components/watchlist/watch-button.tsx';
import { WatchNote } from '../../../components/watchlist/watch-note.tsx';
import './market.css';
import './i18n.ts';
import './market-details-i18n.ts';

type Leg = DetailsData['legs'][number];
type MonthRow = DetailsData['months'][number];

/** One member of the viewer's market (`?ref=` from a list, or `?queryAda=`): month volumes, bracket, pin, legs. */
export default function MarketDetailsPage() {
  const { t } = useTranslation('incentiveMarket');
  const { lang, tx } = useLocalText();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const query = useDetails(ref && /^m\d{1,9}$/.test(ref) ? ref : null, params.get('queryAda'));

  return (
    <Page title={t('title.details')} onRefresh={() => query.refetch()} wide>
      <MarketNav />
      <QueryState query={query} skeletonLines={10}>
        {(d) => {
          const name = tx(d.member.maskedName);
          const pv = (n: number) => formatPv(n, lang);
          // The month the headline figures are of, with the volumes its traces start from.
          const now = d.months.find((m) => m.month === d.month) ?? { ppv: 0, gpv: 0 };
          // Whose figures the traces are, when they are not the viewer's own.
          const who = d.self ? {} : { who: name };
          const figureColumns: DataColumn<MonthRow>[] = [
            { key: 'ppv', numeric: true, header: `${t('ppv')} (PV)`, cell: (m) => pv(m.ppv) },
            { key: 'gpv', numeric: true, header: `${t('gpv')} (PV)`, cell: (m) => pv(m.gpv) },
            {
              key: 'pgpv',
              numeric: true,
              header: `${t('pgpv')} (PV)`,
              cell: (m) => pv(m.pgpv),
            },
            {
              key: 'bracket',
              numeric: true,
              header: t('bracket'),
              cell: (m) => `${m.bracket}%`,
            },
            {
              key: 'q',
              header: t('q'),
              cell: (m) => (
                <>
                  <QFlag isQ={m.isQ} />
                  {/* The headline's month is explained once, by the headline's own trace. */}
                  {m.month === d.month ? null : (
                    <FigureTrace
                      compact
                      trace={{ kind: 'q', month: m.month, gpv: m.gpv, ppv: m.ppv, ...who }}
                      subject={`${t('q')} ${formatMonth(m.month, lang)}`}
                    />
                  )}
                </>
              ),
            },
            {
              key: 'qLegs',
              numeric: true,
              header: t('details.qLegs'),
              cell: (m) => <span className="num">{m.qLegs}</span>,
            },
            {
              key: 'apv',
              numeric: true,
              header: `${t('details.apv')} (PV)`,
              cell: (m) => pv(m.apv),
            },
          ];
          // A month before the member's history: "no data" in every figure, never a closed 0.
          const monthColumns: DataColumn<MonthRow>[] = [
            {
              key: 'month',
              header: t('month'),
              cell: (m) => `${formatMonth(m.month, lang)}${m.state === 'open' ? ' *' : ''}`,
            },
            ...figureColumns.map((c) => ({ ...c, cell: (m: MonthRow, i: number) => (m.state === 'noData' ? <NoData /> : c.cell(m, i)) })),
          ];
          const legColumns: DataColumn<Leg>[] = [
            {
              key: 'partner',
              header: t('partner'),
              cell: (l) => <PersonCell person={l} />,
              sortValue: (l) => l.maskedAda,
            },
            {
              key: 'q',
              header: t('q'),
              cell: (l) => <QFlag isQ={l.isQ} />,
              sortValue: (l) => (l.isQ ? 1 : 0),
            },
            {
              key: 'pgpv',
              numeric: true,
              header: `${t('pgpv')} (PV)`,
              cell: (l) => pv(l.pgpv),
              sortValue: (l) => l.pgpv,
            },
            {
              key: 'progress',
              header: t('progress'),
              cell: (l) => <QProgress gpv={l.gpv} pct={l.progressPct} threshold={d.qThreshold} />,
            },
            {
              key: 'bracket',
              numeric: true,
              header: t('bracket'),
              cell: (l) => `${l.bracket}%`,
              sortValue: (l) => l.bracket,
            },
            {
              key: 'qMonths',
              numeric: true,
              header: t('qMonthsPy'),
              cell: (l) => <span className="num">{l.qMonthsPy}</span>,
              sortValue: (l) => l.qMonthsPy,
            },
            {
              key: 'pin',
              header: t('pin'),
              cell: (l) => <PinLabel code={l.pinCode} />,
              sortValue: (l) => l.pinCode,
            },
          ];
          const monthLabel = t('monthOpen', {
            month: formatMonth(d.month, lang),
          });
          return (
            <>
              <section className="card market-member" aria-label={name}>
                <div>
                  <div className="watch-cell">
                    <h2 className="market-member__name">
                      <bdi>{name}</bdi> <span className="muted num">{d.member.maskedAda}</span>
                    </h2>
                    {d.self ? null : <WatchButton member={{ ...d.member, ...d.current }} threshold={d.qThreshold} />}
                  </div>
                  <p className="muted small">
                    {d.self ? t('details.self') : t('levelN', { n: d.member.level })} · <PinLabel code={d.member.pinCode} /> ·{' '}
                    {t('joinDate')} <span className="num">{d.member.joinDate}</span>
                    {d.member.sponsorMaskedName ? ` · ${t('details.sponsor')} ${tx(d.member.sponsorMaskedName)}` : ''}
                  </p>
                </div>
                <QFlag isQ={d.current.isQ} />
                {d.self ? null : (
                  <div className="market-member__note">
                    <WatchNote memberRef={d.member.ref} />
                  </div>
                )}
              </section>
              <section className="grid market-kpis" aria-label={t('details.current')}>
                <div className="card">
                  {/* Group PV: what the bracket and Q are decided by, so the bar and the Q card agree. */}
                  <Figure
                    value={pv(d.current.gpv)}
                    unit="PV"
                    label={`${t('gpv')} · ${monthLabel}`}
                    hint={<QProgress gpv={d.current.gpv} pct={d.current.progressPct} threshold={d.qThreshold} />}
                  />
                  <FreshnessNote month={d.month} />
                </div>
                <div className="card">
                  <Figure
                    value={`${d.current.bracket}%`}
                    label={t('bracket')}
                    hint={
                      d.current.nextBracket === null
                        ? t('details.topBracket')
                        : `${t('details.nextBracket', { pct: d.current.nextBracket })}: ${pv(d.current.pvToNextBracket)} PV`
                    }
                  />
                  <FigureTrace trace={{ kind: 'bracket', month: d.month, ppv: now.ppv, gpv: now.gpv }} subject={t('bracket')} />
                </div>
                <div className="card">
                  <Figure
                    value={d.current.isQ ? '✓' : pv(d.current.pvToQ)}
                    unit={d.current.isQ ? undefined : 'PV'}
                    label={d.current.isQ ? t('isQ') : t('pvToQ')}
                    hint={`${t('qMonthsPySoFar')}: ${d.qMonthsPy} · ${d.py}`}
                  />
                  <FigureTrace trace={{ kind: 'q', month: d.month, gpv: now.gpv, ppv: now.ppv, ...who }} subject={t('q')} />
                </div>
                <div className="card">
                  <Figure value={pv(d.member.frontlineCount)} unit={t('peopleUnit')} label={t('details.frontlineCount')} />
                </div>
                <div className="card">
                  <Figure value={pv(d.member.downlineSize)} unit={t('peopleUnit')} label={t('details.downlineSize')} />
                </div>
              </section>
              <TableCard title={t('details.monthTable', { py: d.py })}>
                <DataTable className="market-table" columns={monthColumns} rows={d.months} rowKey={(m) => m.month} />
                <HistoryStartNote month={historyStartOf(d.months)} />
                <p className="muted small">* {t('openNote')}</p>
              </TableCard>
              <TableCard title={t('details.legs', { n: d.legs.length })}>
                {d.legs.length === 0 ? (
                  <p className="muted">{t('details.noLegs')}</p>
                ) : (
                  <DataTable className="market-table" columns={legColumns} rows={d.legs} rowKey={(l) => l.ref} />
                )}
              </TableCard>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
