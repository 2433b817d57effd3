import type { ChangePart, StatementChangeData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { ChangeParts } from '../../../components/change-parts/change-parts.tsx';
import { TableCard } from '../../../components/data-table/table-card.tsx';
import { Figure } from '../../../components/figure.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatFen, formatFenChange, formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { useStatementChange } from '../api/get-statement-change.ts';
import { COMPARE_PARAM } from '../../../components/compare-address.ts';
import { LabelledSelect } from './pickers.tsx';
import { useParam } from './use-param.ts';
import './statement-change.css';

/** The causes by their effect on net pay. */
function Parts({ parts }: { parts: readonly ChangePart[] }) {
  const { t } = useTranslation('income');
  return (
    <ChangeParts
      parts={parts}
      amountOf={(p) => p.netFen}
      heading={t('change.parts')}
      note={t('change.partsNote')}
      showAll={(count) => t('change.showAll', { count })}
      showFewer={t('change.showFewer')}
    />
  );
}

/** One of the changes (pre-tax or net pay): by how much, and from what to what when both months are known. */
function ChangeFigure({ label, changeFen, fromTo }: { label: string; changeFen: number; fromTo: readonly [number, number] | null }) {
  const { t } = useTranslation('income');
  const { lang } = useLocalText();
  const hint = fromTo ? (
    <span className="muted num">{t('change.fromTo', { from: formatFen(fromTo[0], lang), to: formatFen(fromTo[1], lang) })}</span>
  ) : null;
  return <Figure value={formatFenChange(changeFen, lang)} label={label} hint={hint} />;
}

function Change({ d, stale }: { d: StatementChangeData; stale: boolean }) {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  if (d.compare === null) return <p className="income-empty-note">{t('change.first')}</p>;
  if (d.parts.length === 0) return <p className="income-empty-note">{t('change.same', { month: formatMonth(d.compare, lang) })}</p>;
  return (
    <div aria-busy={stale || undefined}>
      <div className="grid income-change__figures">
        <div data-pretax-change-fen={d.pretaxChangeFen}>
          <ChangeFigure
            label={t('change.pretax')}
            changeFen={d.pretaxChangeFen}
            fromTo={d.from && d.to ? [d.from.pretaxFen, d.to.pretaxFen] : null}
          />
        </div>
        <div data-net-change-fen={d.netChangeFen}>
          <ChangeFigure label={t('change.net')} changeFen={d.netChangeFen} fromTo={d.from && d.to ? [d.from.netFen, d.to.netFen] : null} />
        </div>
      </div>
      {d.summary ? <p className="income-change__summary">{tx(d.summary)}</p> : null}
      <Parts key={`${d.month}-${d.compare}`} parts={d.parts} />
    </div>
  );
}

/**
 * "Compared with <month>" on the service-fee page: how pre-tax and net pay moved since another
 * statement, in one sentence, then cause by cause (each linked to the page that shows its figure).
 * `month` is the statement explained; the month compared with is `?compare=` (default: the one before).
 */
export default function StatementChange({ month }: { month: string }) {
  const { t } = useTranslation('income');
  const { lang } = useLocalText();
  const [compareParam, setCompare] = useParam(COMPARE_PARAM);
  // A month set against itself explains nothing: ask for the default instead.
  const compare = compareParam && compareParam !== month ? compareParam : undefined;
  const change = useStatementChange(month, compare);
  const shownCompare = compare ?? change.data?.compare ?? null;
  const d = change.data;
  const others = d ? d.months.filter((m) => m !== (d.month ?? month)) : [];
  const picker =
    d && d.month !== null && others.length > 0 ? (
      <LabelledSelect
        label={t('change.compareWith')}
        value={shownCompare ?? ''}
        options={shownCompare && others.includes(shownCompare) ? others : ['', ...others]}
        onChange={(m) => setCompare(m || undefined)}
        format={(m) => (m ? formatMonth(m, lang) : t('change.choose'))}
      />
    ) : undefined;
  return (
    <TableCard
      className="income-change"
      title={shownCompare ? t('change.title', { month: formatMonth(shownCompare, lang) }) : t('change.titleEarlier')}
      actions={picker}
    >
      <QueryState
        query={change}
        refusedText={compare ? t('monthRefused', { month: compare.slice(0, 20) }) : undefined}
        isEmpty={(c) => c.month === null}
        emptyTitle={t('change.none')}
        emptyText=""
        skeletonLines={4}
      >
        {(c, { stale }) => <Change d={c} stale={stale} />}
      </QueryState>
    </TableCard>
  );
}
