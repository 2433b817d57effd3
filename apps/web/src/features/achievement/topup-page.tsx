import { href } from '@abo/contract/pages';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { useTopup } from './api/get-topup.ts';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './topup-i18n.ts';

/** /achievement/topup: PV still needed this month for the next bracket and for an SP month. */
export default function TopupPage() {
  const { t, pv, month } = useAch();
  const q = useTopup();
  return (
    <Page title={t('nav.topup')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => (
          <>
            <section className="card">
              <h2 className="card__title">{t('thisMonth', { month: month(d.month) })}</h2>
              <p className="muted small">{t('topup.daysLeft', { count: d.daysLeft })}</p>
              <div className="ach-figures">
                <Figure value={pv(d.ppv)} unit="PV" label={t('ppv')} />
                <Figure value={pv(d.gpv)} unit="PV" label={t('gpv')} />
                <Figure value={pv(d.pgpv)} unit="PV" label={t('pgpv')} />
                <Figure value={d.bracket} unit="%" label={t('bracket')} />
                <Figure value={d.qLegs} label={t('qLegs')} />
              </div>
            </section>
            <div className="grid grid--2">
              <section className="card">
                <h2 className="card__title">{t('bracket')}</h2>
                {d.nextPercent !== null ? (
                  <Figure
                    value={pv(d.pvForNextBracket)}
                    unit="PV"
                    label={t('topup.nextBracket', { percent: d.nextPercent })}
                    hint={t('topup.personalPv')}
                  />
                ) : (
                  <p>
                    <StatusTag status="met" /> {t('topup.atTop', { percent: d.bracket })}
                  </p>
                )}
                <p className="ach-note">
                  <FigureTrace trace={{ kind: 'bracket', month: d.month, ppv: d.ppv, gpv: d.gpv }} subject={t('bracket')} />
                </p>
              </section>
              <section className="card">
                <h2 className="card__title">{t('spMonth')}</h2>
                {d.isSp || d.pvForSp === 0 ? (
                  <p>
                    <StatusTag status="met" /> {t('topup.spDone')}
                  </p>
                ) : (
                  <Figure value={pv(d.pvForSp)} unit="PV" label={t('topup.forSp')} hint={t('topup.personalPv')} />
                )}
                <p className="muted small">
                  {t('topup.spRule', { alone: pv(d.sp.apvAlone), one: pv(d.sp.apvWithOneQLeg), legs: d.sp.qLegsAlone })}
                </p>
                <p className="ach-note">
                  <FigureTrace trace={{ kind: 'sp', month: d.month, apv: d.apv, qLegs: d.qLegs }} subject={t('spMonth')} /> ·{' '}
                  <Link to={href('/achievement/estimate')}>{t('nav.estimate')}</Link>
                </p>
              </section>
            </div>
            <TableCard title={t('topup.bracketTable')}>
              <DataTable
                columns={[
                  { key: 'min', header: t('topup.minPv'), cell: (b) => `${pv(b.minPv)} PV` },
                  {
                    key: 'bracket',
                    header: t('bracket'),
                    numeric: true,
                    cell: (b) => `${b.percent}% ${b.percent === d.bracket ? `(${t('topup.current')})` : ''}`,
                  },
                  { key: 'gap', header: t('gap'), numeric: true, cell: (b) => (b.minPv > d.gpv ? `${pv(b.minPv - d.gpv)} PV` : '✓') },
                ]}
                rows={d.brackets}
                rowKey={(b) => String(b.minPv)}
                rowAttrs={(b) => ({ className: b.percent === d.bracket ? 'ach-row-me' : undefined })}
              />
            </TableCard>
          </>
        )}
      </QueryState>
    </Page>
  );
}
