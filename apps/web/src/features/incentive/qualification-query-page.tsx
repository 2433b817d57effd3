import type { PlanData } from '@abo/contract';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { formatMonth } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { usePlan } from './api/plan.ts';
import { usePlans } from './api/plans.ts';
import { criterionValue } from './components/text.ts';
import { monthCell } from '../../components/no-data.tsx';
import './i18n.ts';
import './incentive.css';
import { useAddressParams } from '../../lib/use-address-params.ts';

type Criterion = PlanData['criteria'][number];

function MonthResult({ plan, month }: { plan: PlanData; month: string }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const criteria = [...plan.criteria, ...plan.levels.flatMap((l) => l.criteria)];
  // What the month did for the criterion: '—' when it has not been lived yet, "no data" before the history.
  const inMonth = (c: Criterion, value: (m: Criterion['trace'][number]) => string) => {
    const m = c.trace.find((x) => x.month === month);
    return m ? monthCell(m.state, () => value(m)) : '—';
  };
  const columns: DataColumn<Criterion>[] = [
    { key: 'criterion', header: t('criteria'), wrap: true, cell: (c) => tx(c.label) },
    { key: 'value', header: t('value'), numeric: true, cell: (c) => inMonth(c, (m) => criterionValue(c.kind, m.value, lang)) },
    { key: 'counted', header: t('counted'), cell: (c) => inMonth(c, (m) => (m.counted ? `✓ ${t('contributes')}` : t('notContributes'))) },
    {
      key: 'cumulative',
      header: t('cumulative'),
      numeric: true,
      cell: (c) => inMonth(c, (m) => criterionValue(c.kind, m.cumulative, lang)),
    },
    { key: 'status', header: t('status'), cell: (c) => <StatusTag status={c.status} /> },
  ];
  return (
    <TableCard id="inc-qq" title={t('queryResult', { month: formatMonth(month, lang) })}>
      <DataTable columns={columns} rows={criteria} rowKey={(_, i) => String(i)} />
    </TableCard>
  );
}

/** Qualification query: pick a plan and a month, see what that month did for each criterion. */
export default function QualificationQueryPage() {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const [params, setParams] = useAddressParams();
  const plans = usePlans('recent');
  const code = params.get('code') ?? plans.data?.plans[0]?.code ?? null;
  const plan = usePlan(code ? { code } : null);
  const set = (k: string, v: string | undefined) => {
    if (!v) return;
    setParams(
      (p) => {
        p.set(k, v);
        if (k === 'code') p.delete('month');
        return p;
      },
      { replace: true },
    );
  };
  return (
    <Page title={t('qualificationQuery')} onRefresh={() => Promise.all([plans.refetch(), plan.refetch()])} wide>
      <QueryState query={plans} isEmpty={(d) => d.plans.length === 0} emptyTitle={t('noPlans')}>
        {(list) => (
          <section className="card" aria-labelledby="inc-pick">
            <h2 id="inc-pick" className="card__title">
              {t('pickPlan')}
            </h2>
            <select className="inc-select" aria-label={t('pickPlan')} value={code ?? ''} onChange={(e) => set('code', e.target.value)}>
              {[list.py, list.lastPy].map((py) => (
                <optgroup key={py} label={py}>
                  {list.plans
                    .filter((p) => p.py === py)
                    .map((p) => (
                      <option key={p.code} value={p.code}>
                        {tx(p.name)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </section>
        )}
      </QueryState>
      {code ? (
        <QueryState query={plan}>
          {(p) => {
            const lived = p.months.filter((m) => m <= p.today);
            const month = params.get('month') ?? lived[lived.length - 1] ?? p.months[0]!;
            return (
              <>
                <section className="card" aria-labelledby="inc-pickm">
                  <h2 id="inc-pickm" className="card__title">
                    {t('pickMonth')}
                  </h2>
                  <Selector
                    className="inc-months"
                    columns={4}
                    value={[month]}
                    options={p.months.map((m) => ({ label: formatMonth(m, lang), value: m, disabled: m > p.today }))}
                    onChange={(v) => set('month', v[0])}
                  />
                </section>
                <MonthResult plan={p} month={month} />
              </>
            );
          }}
        </QueryState>
      ) : null}
    </Page>
  );
}
