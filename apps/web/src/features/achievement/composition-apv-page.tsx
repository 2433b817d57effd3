import { useState } from 'react';
import type { AchCompositionData } from '@abo/contract';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { Figure } from '../../components/figure.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FigureTrace } from '../../components/figure-trace/figure-trace.tsx';
import { useComposition } from './api/get-composition.ts';
import { MonthSelect, useAch } from './components/shared.tsx';
import './i18n.ts';
import './composition-apv-i18n.ts';

interface SourceRow {
  key: string;
  /** A frontline leg (masked), or else what `name` says. */
  leg?: AchCompositionData['legs'][number];
  name?: string;
  pgpv: number;
  counted: boolean;
  bar: boolean;
}

/** /achievement/compositionapv: APV by source — personal PV and each frontline leg. */
export default function CompositionApvPage() {
  const { t, tx, pv } = useAch();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const q = useComposition(month);
  return (
    <Page title={t('nav.compositionapv')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>
        {(d) => {
          const max = Math.max(1, d.ppv, ...d.legs.map((l) => l.pgpv));
          const legsApv = d.legs.filter((l) => l.counted).reduce((s, l) => s + l.pgpv, 0) + d.otherLegs.pgpv;
          // Personal PV, each leg, then the legs not listed one by one; a bar for all but the last.
          const rows: SourceRow[] = [
            { key: 'own', name: t('composition.personal'), pgpv: d.ppv, counted: true, bar: true },
            ...d.legs.map((l) => ({ key: l.maskedAda, leg: l, pgpv: l.pgpv, counted: l.counted, bar: true })),
            ...(d.otherLegs.count > 0
              ? [
                  {
                    key: 'others',
                    name: t('composition.others', { count: d.otherLegs.count }),
                    pgpv: d.otherLegs.pgpv,
                    counted: true,
                    bar: false,
                  },
                ]
              : []),
          ];
          return (
            <>
              <section className="card">
                <div className="ach-toolbar">
                  <h2 className="card__title">{t('composition.total')}</h2>
                  <MonthSelect months={d.availableMonths} value={d.month} onChange={setMonth} current={d.availableMonths[0]} />
                </div>
                <div className="ach-figures">
                  <Figure value={pv(d.apv)} unit="PV" label={t('apv')} />
                  <Figure value={pv(d.ppv)} unit="PV" label={t('composition.personal')} />
                  <Figure value={pv(legsApv)} unit="PV" label={t('composition.legsCounted')} />
                  <Figure value={pv(d.qLegsPv)} unit="PV" label={t('composition.qLegs')} />
                </div>
                <p className="muted small ach-note">{t('composition.formula')}</p>
                <FigureTrace
                  trace={{ kind: 'apv', month: d.month, gpv: d.gpv, apv: d.apv, ppv: d.ppv, qLegs: d.legs.filter((l) => l.isQ).length }}
                />
              </section>
              <section className="card">
                <DataTable
                  caption={t('nav.compositionapv')}
                  columns={[
                    {
                      key: 'leg',
                      header: t('composition.leg'),
                      cell: (r) =>
                        r.leg ? (
                          <>
                            {tx(r.leg.maskedName)}
                            <div className="muted small num">{r.leg.maskedAda}</div>
                          </>
                        ) : (
                          r.name
                        ),
                    },
                    { key: 'pgpv', header: t('pgpv'), numeric: true, cell: (r) => pv(r.pgpv) },
                    { key: 'bracket', header: t('bracket'), numeric: true, cell: (r) => (r.leg ? `${r.leg.bracket}%` : null) },
                    {
                      key: 'counted',
                      header: t('composition.counted'),
                      cell: (r) => (r.counted ? `✓ ${t('composition.counted')}` : `– ${t('composition.notCounted')}`),
                    },
                    {
                      key: 'bar',
                      header: '',
                      decorative: true,
                      cell: (r) =>
                        r.bar ? (
                          <div className={`ach-bar${r.counted ? '' : ' ach-bar--q'}`} style={{ width: `${(r.pgpv / max) * 100}%` }} />
                        ) : null,
                    },
                  ]}
                  rows={rows}
                  rowKey={(r) => r.key}
                  footer={[{ key: 'total', cells: { leg: t('composition.total'), pgpv: <strong>{pv(d.apv)}</strong> } }]}
                />
                {d.legs.length === 0 ? <p className="muted">{t('composition.none')}</p> : null}
              </section>
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
