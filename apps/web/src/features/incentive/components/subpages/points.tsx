import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { allCriteria, EmptyCard, levelName } from './shared.tsx';

type Component = NonNullable<PlanData['criteria'][number]['components']>[number];

/** components: how the plan's points are composed. */
export function PointsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const scores = allCriteria(plan).filter((x) => x.c.kind === 'score');
  const first = scores[0]?.c;
  if (!first?.components) return <EmptyCard title={t('noComponents')} />;
  const columns: DataColumn<Component>[] = [
    { key: 'component', header: t('component'), wrap: true, cell: (k) => tx(k.name) },
    { key: 'raw', header: t('raw'), numeric: true, cell: (k) => formatPv(k.raw, lang) },
    { key: 'points', header: t('points'), numeric: true, cell: (k) => formatPv(k.points, lang) },
  ];
  return (
    <TableCard id="inc-comp" title={tx(first.label).split(/[≥]/)[0]}>
      <DataTable
        columns={columns}
        rows={first.components}
        rowKey={(k) => k.source}
        footer={[
          {
            key: 'total',
            cells: { component: t('total'), points: <strong>{formatPv(first.achieved, lang)}</strong> },
          },
        ]}
      />
      <ul className="inc-criteria">
        {scores.map(({ level, c }, i) => (
          <li key={i} className="inc-criterion">
            <div className="inc-criterion__head">
              <span>
                {level ? `${tx(levelName(plan, level))} · ` : ''}
                {tx(c.label)}
              </span>
              <StatusTag status={c.status} />
            </div>
            {c.gap ? <p className="inc-gap small">{tx(c.gap.text)}</p> : null}
          </li>
        ))}
      </ul>
      <p className="small muted">{t('help.points')}</p>
    </TableCard>
  );
}
