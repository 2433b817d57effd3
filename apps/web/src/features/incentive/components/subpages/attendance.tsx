import type { PlanData } from '@abo/contract';
import { eventStatus } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table.tsx';
import { TableCard } from '../../../../components/data-table/table-card.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { formatDay, formatMonth } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { CriterionRow } from '../criterion-row.tsx';
import { EmptyCard, findCriterion } from './shared.tsx';

type PlanEvent = NonNullable<PlanData['criteria'][number]['events']>[number];

/** attendancereqs: the plan's required events, attended or not. */
export function AttendanceView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const att = findCriterion(plan, 'attendance');
  if (!att?.events) return <EmptyCard title={t('noEvents')} />;
  const columns: DataColumn<PlanEvent>[] = [
    { key: 'event', header: t('event'), wrap: true, cell: (e) => tx(e.name) },
    { key: 'month', header: t('eventMonth'), numeric: true, cell: (e) => (e.month ? formatMonth(e.month, lang) : '—') },
    {
      key: 'registration',
      header: t('registrationCloses'),
      numeric: true,
      cell: (e) => (e.registrationCloses && !e.attended ? formatDay(e.registrationCloses, lang) : '—'),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (e) => (
        <>
          <StatusTag status={eventStatus(e, plan)} />
          <span className="visually-hidden">{e.attended ? t('attended') : t('notAttended')}</span>
        </>
      ),
    },
  ];
  return (
    <TableCard id="inc-att" title={t('subpages.attendancereqs')}>
      <ul className="inc-criteria">
        <CriterionRow c={att} planRoute={plan.route} py={plan.py} showLink={false} />
      </ul>
      <DataTable columns={columns} rows={att.events} rowKey={(e) => e.code} />
    </TableCard>
  );
}
