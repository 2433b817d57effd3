import type { PartnerRow, PartnerView, PartnersData } from '@abo/contract';
import { addMonths } from '@abo/plan';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { Figure } from '../../../../components/figure.tsx';
import { Page } from '../../../../components/page.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { FigureTrace } from '../../../../components/figure-trace/figure-trace.tsx';
import { formatMonth, formatPv } from '../../../../lib/format.ts';
import { usePartners } from '../api/get-partners.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { termValues } from '../term-values.ts';
import { PersonCell, PinLabel, QFlag, QMonths, QProgress, Trend } from './bits.tsx';
import { EmptyCard } from './empty-card.tsx';
import { MarketNav } from './market-nav.tsx';

const TITLES: Record<PartnerView, string> = {
  monthly: 'title.monthly',
  annual: 'title.annual',
  keyMonthly: 'title.keyMonthly',
  keyAnnual: 'title.keyAnnual',
};

/** The body of the four partner pages: monthly / annual tracking and the key coaching views. */
export function PartnersView({ view }: { view: PartnerView }) {
  const { t } = useTranslation('incentiveMarket');
  const { lang } = useLocalText();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const query = usePartners(view, month);
  const annual = view === 'annual' || view === 'keyAnnual';
  const key = view === 'keyMonthly' || view === 'keyAnnual';

  return (
    <Page title={t(TITLES[view])} onRefresh={() => query.refetch()} wide>
      <MarketNav />
      <QueryState
        query={query}
        skeletonLines={8}
        isEmpty={(d) => d.frontlineCount === 0}
        emptyTitle={t('emptyMarket')}
        emptyText={t('emptyMarketText')}
      >
        {(d) => <PartnersBody d={d} view={view} annual={annual} keyView={key} lang={lang} onMonth={setMonth} />}
      </QueryState>
    </Page>
  );
}

function PartnersBody({
  d,
  view,
  annual,
  keyView,
  lang,
  onMonth,
}: {
  d: PartnersData;
  view: PartnerView;
  annual: boolean;
  keyView: boolean;
  lang: string;
  onMonth: (m: string) => void;
}) {
  const { t } = useTranslation('incentiveMarket');
  const { tx } = useLocalText();
  const selectable = d.months.filter((m) => m <= d.openMonth);
  const trendMonths = Array.from({ length: 6 }, (_, k) => addMonths(d.month, k - 5));
  // One scale for every row's sparkline, so a leg's bars compare with the others'.
  const trendMax = Math.max(1, ...d.rows.flatMap((r) => r.trend));
  const pv = (n: number) => `${formatPv(n, lang)}`;
  // Whether a partner is Q in the month shown, worked out from their group PV.
  const qTrace = (r: PartnerRow) => (
    <FigureTrace
      compact
      trace={{ kind: 'q', month: d.month, gpv: r.gpv, ppv: r.ppv, who: tx(r.maskedName) }}
      subject={`${t('q')} ${tx(r.maskedName)}`}
    />
  );

  // The Q flag and the personal-group PV: after the PY grid in the annual view, first otherwise.
  const qAndPgpv: DataColumn<PartnerRow>[] = [
    {
      key: 'q',
      header: t('q'),
      cell: (r) => (
        <>
          <QFlag isQ={r.isQ} />
          {qTrace(r)}
        </>
      ),
      sortValue: (r) => (r.isQ ? 1 : 0),
    },
    {
      key: 'pgpv',
      numeric: true,
      header: `${t('pgpv')} (PV)`,
      cell: (r) => pv(r.pgpv),
      sortValue: (r) => r.pgpv,
    },
  ];
  const columns: DataColumn<PartnerRow>[] = [
    {
      key: 'partner',
      header: t('partner'),
      cell: (r) => <PersonCell person={r} />,
      sortValue: (r) => r.maskedAda,
    },
  ];
  if (keyView) {
    columns.push({
      key: 'reason',
      header: t('reason'),
      cell: (r) => (r.keyReason ? t(`reasons.${r.keyReason}`) : '—'),
    });
  }
  if (annual) {
    columns.push(
      {
        key: 'qMonthsPy',
        numeric: true,
        header: t('qMonthsPy'),
        cell: (r) => <span className="num">{r.qMonthsPy}</span>,
        sortValue: (r) => r.qMonthsPy,
      },
      {
        key: 'toSix',
        numeric: true,
        header: t('qMonthsToSix'),
        cell: (r) => <span className="num">{r.qMonthsToSix === 0 ? '✓' : r.qMonthsToSix}</span>,
        sortValue: (r) => r.qMonthsToSix,
      },
      {
        key: 'grid',
        header: t('qGrid'),
        cell: (r) => <QMonths months={d.months} flags={r.qByMonth} />,
      },
      ...qAndPgpv,
    );
  } else {
    columns.push(
      ...qAndPgpv,
      {
        key: 'progress',
        header: t('progress'),
        cell: (r) => <QProgress gpv={r.gpv} pct={r.progressPct} threshold={d.qThreshold} />,
        sortValue: (r) => r.progressPct,
      },
      {
        key: 'pvToQ',
        numeric: true,
        header: `${t('pvToQ')} (PV)`,
        // The key views have no Q column (their partners are not Q): the trace is with the gap.
        cell: (r) =>
          keyView ? (
            <>
              {r.isQ ? '—' : pv(r.pvToQ)}
              {qTrace(r)}
            </>
          ) : r.isQ ? (
            '—'
          ) : (
            pv(r.pvToQ)
          ),
        sortValue: (r) => r.pvToQ,
      },
      {
        key: 'bracket',
        numeric: true,
        header: t('bracket'),
        cell: (r) => `${r.bracket}%`,
        sortValue: (r) => r.bracket,
      },
      {
        key: 'qMonthsPy',
        numeric: true,
        header: t('qMonthsPy'),
        cell: (r) => <span className="num">{r.qMonthsPy}</span>,
        sortValue: (r) => r.qMonthsPy,
      },
      {
        key: 'trend',
        header: t('trend'),
        cell: (r) => <Trend values={r.trend} months={trendMonths} max={trendMax} open={d.monthOpen} />,
      },
    );
  }
  columns.push(
    {
      key: 'pin',
      header: t('pin'),
      cell: (r) => <PinLabel code={r.pinCode} />,
      sortValue: (r) => r.pinCode,
    },
    {
      key: 'downline',
      numeric: true,
      header: t('downline'),
      cell: (r) => pv(r.downlineSize),
      sortValue: (r) => r.downlineSize,
    },
  );

  // Monthly views lead with the gap to Q; key coaching rows are never Q, so no status column there.
  const ORDER = ['partner', 'reason', 'q', 'pvToQ', 'pgpv', 'progress', 'bracket', 'qMonthsPy', 'trend', 'pin', 'downline'];
  const shown = annual
    ? columns
    : columns.filter((c) => !(keyView && c.key === 'q')).sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key));

  const monthLabel = t(d.monthOpen ? 'monthOpen' : 'monthClosed', {
    month: formatMonth(d.month, lang),
  });
  const introKey = `intro.${view}` as const;
  return (
    <>
      <section className="card">
        <p className="market-intro">{t(introKey, termValues(d.py, lang))}</p>
        <div className="market-toolbar">
          {!annual ? (
            <label className="market-field">
              <span className="muted small">{t('month')}</span>
              <select value={d.month} onChange={(e) => onMonth(e.target.value)}>
                {selectable.map((m) => (
                  <option key={m} value={m}>
                    {formatMonth(m, lang)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span className="muted small">{t('monthsLeft', { count: d.monthsLeft })}</span>
          )}
          <span className="muted small">{t('threshold', { pv: formatPv(d.qThreshold, lang) })}</span>
        </div>
        {d.monthOpen && !annual ? <p className="small market-note">{t('openNote')}</p> : null}
      </section>

      <section className="grid market-figures" aria-label={monthLabel}>
        <div className="card">
          <Figure value={d.frontlineCount} unit={t('peopleUnit')} label={t('frontline')} />
        </div>
        <div className="card">
          <Figure value={d.summary.qThisMonth} unit={t('peopleUnit')} label={`${t('qThisMonth')} · ${monthLabel}`} />
        </div>
        <div className="card">
          {annual ? (
            <Figure value={d.summary.sixPlus} unit={t('peopleUnit')} label={`${t('sixPlus')} · ${d.py}`} />
          ) : (
            <Figure value={d.summary.nearQ} unit={t('peopleUnit')} label={`${t('nearQ')} · ${monthLabel}`} />
          )}
        </div>
      </section>

      <TableCard title={`${keyView ? t(TITLES[view]) : t('frontline')} · ${annual ? d.py : monthLabel}`}>
        {d.rows.length === 0 ? (
          <EmptyCard
            title={view === 'keyAnnual' ? t('emptyKeyAnnual') : t('emptyKey')}
            text={view === 'keyAnnual' ? '' : t('emptyKeyText')}
          />
        ) : (
          <DataTable className="market-table" columns={shown} rows={d.rows} rowKey={(r) => r.ref} />
        )}
      </TableCard>
    </>
  );
}
