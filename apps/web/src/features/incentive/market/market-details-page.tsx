import type { DetailsData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Figure } from '../../../components/figure.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TermHelp } from '../../../components/term-help.tsx';
import { formatMonth, formatPv } from '../../../lib/format.ts';
import { useDetails } from './api/get-details.ts';
import { PersonCell, PinLabel, QFlag, QProgress, useLang } from './components/bits.tsx';
import { MarketNav } from './components/market-nav.tsx';
import { SortableTable, type Column } from './components/sortable-table.tsx';
import './market.css';
import './i18n.ts';

type Leg = DetailsData['legs'][number];
type MonthRow = DetailsData['months'][number];

/** One member of the viewer's market (`?ref=` from a list, or `?queryAda=`): month volumes, bracket, pin, legs. */
export default function MarketDetailsPage() {
  const { t } = useTranslation('incentiveMarket');
  const lang = useLang();
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const query = useDetails(ref && /^m\d{1,9}$/.test(ref) ? ref : null, params.get('queryAda'));

  return (
    <Page title={t('title.details')} onRefresh={() => query.refetch()} wide>
      <MarketNav />
      <QueryState query={query} skeletonLines={10}>
        {(d) => {
          const name = lang === 'en-US' ? d.member.maskedNameEn : d.member.maskedName;
          const pv = (n: number) => formatPv(n, lang);
          const monthColumns: Column<MonthRow>[] = [
            {
              key: 'month',
              label: t('month'),
              render: (m) => `${formatMonth(m.month, lang)}${m.open ? ' *' : ''}`,
              align: 'left',
            },
            { key: 'ppv', label: `${t('ppv')} (PV)`, render: (m) => pv(m.ppv) },
            { key: 'gpv', label: `${t('gpv')} (PV)`, render: (m) => pv(m.gpv) },
            {
              key: 'pgpv',
              label: `${t('pgpv')} (PV)`,
              render: (m) => pv(m.pgpv),
            },
            {
              key: 'bracket',
              label: t('bracket'),
              render: (m) => `${m.bracket}%`,
            },
            {
              key: 'q',
              label: t('q'),
              render: (m) => <QFlag isQ={m.isQ} />,
              align: 'left',
            },
            {
              key: 'qLegs',
              label: t('details.qLegs'),
              render: (m) => <span className="num">{m.qLegs}</span>,
            },
            {
              key: 'apv',
              label: `${t('details.apv')} (PV)`,
              render: (m) => pv(m.apv),
            },
          ];
          const legColumns: Column<Leg>[] = [
            {
              key: 'partner',
              label: t('partner'),
              render: (l) => <PersonCell person={l} />,
              sortValue: (l) => l.maskedAda,
              align: 'left',
            },
            {
              key: 'q',
              label: t('q'),
              render: (l) => <QFlag isQ={l.isQ} />,
              sortValue: (l) => (l.isQ ? 1 : 0),
              align: 'left',
            },
            {
              key: 'pgpv',
              label: `${t('pgpv')} (PV)`,
              render: (l) => pv(l.pgpv),
              sortValue: (l) => l.pgpv,
            },
            {
              key: 'progress',
              label: t('progress'),
              render: (l) => <QProgress pgpv={l.pgpv} threshold={d.qThreshold} />,
              align: 'left',
            },
            {
              key: 'bracket',
              label: t('bracket'),
              render: (l) => `${l.bracket}%`,
              sortValue: (l) => l.bracket,
            },
            {
              key: 'qMonths',
              label: t('qMonthsPy'),
              render: (l) => <span className="num">{l.qMonthsPy}</span>,
              sortValue: (l) => l.qMonthsPy,
            },
            {
              key: 'pin',
              label: t('pin'),
              render: (l) => <PinLabel code={l.pinCode} />,
              sortValue: (l) => l.pinCode,
              align: 'left',
            },
          ];
          const monthLabel = t('monthOpen', {
            month: formatMonth(d.month, lang),
          });
          return (
            <>
              <section className="card market-member" aria-label={name}>
                <div>
                  <h2 className="market-member__name">
                    {name} <span className="muted num">{d.member.maskedAda}</span>
                  </h2>
                  <p className="muted small">
                    {d.self ? t('details.self') : t('levelN', { n: d.member.level })} · <PinLabel code={d.member.pinCode} /> ·{' '}
                    {t('joinDate')} <span className="num">{d.member.joinDate}</span>
                    {d.member.sponsorMaskedName ? ` · ${t('details.sponsor')} ${d.member.sponsorMaskedName}` : ''}
                  </p>
                </div>
                <QFlag isQ={d.current.isQ} />
              </section>
              <section className="grid market-kpis" aria-label={t('details.current')}>
                <div className="card">
                  <Figure
                    value={pv(d.current.pgpv)}
                    unit="PV"
                    label={`${t('pgpv')} · ${monthLabel}`}
                    hint={<QProgress pgpv={d.current.pgpv} threshold={d.qThreshold} />}
                  />
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
                  <TermHelp code="BRACKET" />
                </div>
                <div className="card">
                  <Figure
                    value={d.current.isQ ? '✓' : pv(d.current.pvToQ)}
                    unit={d.current.isQ ? undefined : 'PV'}
                    label={d.current.isQ ? t('isQ') : t('pvToQ')}
                    hint={`${t('qMonthsPy')}: ${d.qMonthsPy} · ${d.py}`}
                  />
                  <TermHelp code="Q_MONTH" />
                </div>
                <div className="card">
                  <Figure value={pv(d.member.frontlineCount)} unit={t('peopleUnit')} label={t('details.frontlineCount')} />
                </div>
                <div className="card">
                  <Figure value={pv(d.member.downlineSize)} unit={t('peopleUnit')} label={t('details.downlineSize')} />
                </div>
              </section>
              <section className="card">
                <h2 className="card__title">{t('details.monthTable', { py: d.py })}</h2>
                <SortableTable
                  caption={t('details.monthTable', { py: d.py })}
                  columns={monthColumns}
                  rows={d.months}
                  rowKey={(m) => m.month}
                />
                <p className="muted small">* {t('openNote')}</p>
              </section>
              <section className="card">
                <h2 className="card__title">{t('details.legs', { n: d.legs.length })}</h2>
                {d.legs.length === 0 ? (
                  <p className="muted">{t('details.noLegs')}</p>
                ) : (
                  <SortableTable
                    caption={t('details.legs', { n: d.legs.length })}
                    columns={legColumns}
                    rows={d.legs}
                    rowKey={(l) => l.ref}
                  />
                )}
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
