import type { MonthsData } from '@abo/contract';
import { countsSoFar } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { BracketCell } from '../../components/figure-trace/bracket-cell.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { HistoryStartNote, monthCell } from '../../components/no-data.tsx';
import { formatMonth, formatPv } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { useMonths } from './api/months.ts';
import { PySwitch } from './components/edition-switch.tsx';
import { termValues } from './market/term-values.ts';
import './i18n.ts';
import './incentive.css';

type View = 'evaluationyear' | 'includedcalc' | 'compliancemonthdetails';

const TITLES: Record<View, string> = {
  evaluationyear: 'evaluationYear',
  includedcalc: 'includedCalc',
  compliancemonthdetails: 'complianceMonths',
};

function YearSwitch({ data }: { data: MonthsData }) {
  const { t } = useTranslation('incentive');
  if (data.years.length < 2) return null;
  return <PySwitch groupLabel={t('year')} label={t('year')} pys={data.years} value={data.py} />;
}

function Calendar({ data }: { data: MonthsData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const closed = data.records.filter((r) => r.state === 'closed').length;
  // Months before the history are neither closed nor still open: they have no data.
  const toCome = data.records.filter((r) => r.state === 'open' || r.state === 'future').length;
  return (
    <>
      <section className="card" aria-labelledby="inc-cal">
        <h2 id="inc-cal" className="card__title">
          {t('year')} {data.py}
        </h2>
        <p className="small muted">{t('calendarNote')}</p>
        <HistoryStartNote month={data.historyStart} />
        <div className="grid grid--2">
          <div>
            <span className="figure">{closed}</span>
            <span className="figure__unit">{t('unit.months', { count: closed })}</span>
            <div className="muted small">{t('closedMonths')}</div>
          </div>
          <div>
            <span className="figure">{toCome}</span>
            <span className="figure__unit">{t('unit.months', { count: toCome })}</span>
            <div className="muted small">{t('openMonths')}</div>
          </div>
        </div>
      </section>
      <section className="card" aria-label={t('evaluationYear')}>
        <ol className="inc-calendar">
          {data.records.map((r) => (
            <li key={r.month} className={`inc-calendar__m inc-calendar__m--${r.state}`}>
              <div className="inc-calendar__name">{formatMonth(r.month, lang)}</div>
              <div className="small muted">{t(`state.${r.state}`)}</div>
              {countsSoFar(r.state) ? (
                <div className="small num">
                  {r.isPq ? <span className="inc-q">Q</span> : null} {t('pgpv')} {formatPv(r.pgpv, lang)}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

type MonthRecord = MonthsData['records'][number];

/** The month, marked while it is still open. */
function useMonthCell() {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  return (r: MonthRecord) => (
    <>
      {formatMonth(r.month, lang)}
      {r.state === 'open' ? <span className="muted small"> ({t('state.open')})</span> : null}
    </>
  );
}

function Included({ data }: { data: MonthsData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const month = useMonthCell();
  const pv = (n: number) => formatPv(n, lang);
  const columns: DataColumn<MonthRecord>[] = [
    { key: 'month', header: t('month'), cell: month },
    { key: 'ppv', header: t('ppv'), numeric: true, cell: (r) => monthCell(r.state, () => pv(r.ppv)) },
    { key: 'gpv', header: t('gpv'), numeric: true, cell: (r) => monthCell(r.state, () => pv(r.gpv)) },
    { key: 'excluded', header: t('excluded'), numeric: true, cell: (r) => monthCell(r.state, () => pv(r.gpv - r.pgpv)) },
    { key: 'pgpv', header: t('pgpv'), numeric: true, cell: (r) => monthCell(r.state, () => pv(r.pgpv)) },
    {
      key: 'apv',
      header: t('apv'),
      numeric: true,
      cell: (r) =>
        monthCell(r.state, () => (
          <>
            {pv(r.apv)}
            <FigureTrace
              compact
              trace={{ kind: 'apv', month: r.month, gpv: r.gpv, apv: r.apv, ppv: r.ppv, qLegs: r.qLegs }}
              subject={`${t('apv')} ${formatMonth(r.month, lang)}`}
            />
          </>
        )),
    },
    {
      key: 'bracket',
      header: t('bracket'),
      numeric: true,
      cell: (r) => monthCell(r.state, () => <BracketCell m={r} label={t('bracket')} />),
    },
  ];
  return (
    <TableCard id="inc-incl" title={`${t('includedCalc')} · ${data.py}`}>
      <p className="small muted">{t('includedNote', termValues(data.py, lang))}</p>
      <HistoryStartNote month={data.historyStart} />
      <DataTable columns={columns} rows={data.records.filter((r) => r.state !== 'future')} rowKey={(r) => r.month} />
      {/* What PV is: a term, not a figure. Each month's APV and bracket has its own trace above. */}
      <div className="inc-terms__links">
        <TermHelp code="PV_BV" />
      </div>
    </TableCard>
  );
}

function Compliance({ data }: { data: MonthsData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const month = useMonthCell();
  const lived = data.records.filter((r) => countsSoFar(r.state));
  const n = lived.filter((r) => r.compliant).length;
  const columns: DataColumn<MonthRecord>[] = [
    { key: 'month', header: t('month'), cell: month },
    { key: 'ppv', header: t('ppv'), numeric: true, cell: (r) => monthCell(r.state, () => formatPv(r.ppv, lang)) },
    { key: 'required', header: t('required'), numeric: true, cell: () => formatPv(data.compliancePpv, lang) },
    {
      key: 'status',
      header: t('status'),
      // A month before the history is no data, never a missed month.
      cell: (r) =>
        monthCell(r.state, () =>
          r.compliant ? <StatusTag status="met" /> : <StatusTag status={r.state === 'open' ? 'atRisk' : 'missed'} />,
        ),
    },
  ];
  return (
    <TableCard id="inc-comp" title={`${t('complianceMonths')} · ${data.py}`}>
      <div>
        <span className="figure">{n}</span>
        <span className="figure__unit">
          / {lived.length} {t('unit.months', { count: lived.length })}
        </span>
      </div>
      <p className="small muted">{t('help.compliance', { minPpv: formatPv(data.compliancePpv, lang) })}</p>
      <HistoryStartNote month={data.historyStart} />
      <DataTable columns={columns} rows={data.records.filter((r) => r.state !== 'future')} rowKey={(r) => r.month} />
    </TableCard>
  );
}

/** Month views of one PY: evaluation-year calendar, volumes counted, compliance months. */
export default function MonthsPage() {
  const { t } = useTranslation('incentive');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const view = (pathname.toLowerCase().split('/').pop() ?? 'evaluationyear') as View;
  const months = useMonths(params.get('year') ?? undefined);
  return (
    <Page title={t(TITLES[view] ?? 'evaluationYear')} onRefresh={() => months.refetch()} wide>
      <QueryState query={months}>
        {(d) => (
          <>
            <YearSwitch data={d} />
            {view === 'includedcalc' ? (
              <Included data={d} />
            ) : view === 'compliancemonthdetails' ? (
              <Compliance data={d} />
            ) : (
              <Calendar data={d} />
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
