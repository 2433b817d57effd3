import type { ChangePart, StatementChangeData } from '@abo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** Parts shown before "show all": the largest causes answer the question; the rest on demand. */
const FIRST_PARTS = 5;

/** A page of this app (path and query), not an address elsewhere: only such an href becomes a link. */
const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function PartRow({ part }: { part: ChangePart }) {
  const { lang, tx } = useLocalText();
  const text = (
    <span className="income-change__text">
      {tx(part.text)}
      {part.legAdaMasked ? <span className="income-masked"> · {part.legAdaMasked}</span> : null}
    </span>
  );
  // A pause between the cause and its amount for a screen reader ("… 1,100 PV, −¥900.00"), not
  // "PV minus ¥900"; the eye has the gap of the row.
  const amount = (
    <>
      <span className="visually-hidden">, </span>
      <span className="num income-change__amount">{formatFenChange(part.netFen, lang)}</span>
    </>
  );
  return (
    <li className="income-change__part" data-kind={part.kind} data-net-fen={part.netFen}>
      {part.href && isAppPath(part.href) ? (
        <Link to={part.href} className="income-change__row income-change__row--link">
          {text}
          {amount}
        </Link>
      ) : (
        <span className="income-change__row">
          {text}
          {amount}
        </span>
      )}
    </li>
  );
}

function Parts({ parts }: { parts: readonly ChangePart[] }) {
  const { t } = useTranslation('income');
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const more = parts.length > FIRST_PARTS;
  const shown = all || !more ? parts : parts.slice(0, FIRST_PARTS);
  return (
    <>
      <h3 className="income-change__heading" id={headingId}>
        {t('change.parts')} <span className="muted small">{t('change.partsNote')}</span>
      </h3>
      <ol className="income-change__parts" id={listId} aria-labelledby={headingId}>
        {shown.map((p, i) => (
          <PartRow key={`${p.kind}-${p.itemCode}-${p.legAdaMasked ?? ''}-${i}`} part={p} />
        ))}
      </ol>
      {more ? (
        <button
          type="button"
          className="link-button income-change__toggle"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? t('change.showFewer') : t('change.showAll', { count: parts.length })}
        </button>
      ) : null}
    </>
  );
}

function Change({ d, stale }: { d: StatementChangeData; stale: boolean }) {
  const { t } = useTranslation('income');
  const { lang, tx } = useLocalText();
  const fen = (n: number) => formatFen(n, lang);
  if (d.compare === null) return <p className="income-empty-note">{t('change.first')}</p>;
  if (d.parts.length === 0) return <p className="income-empty-note">{t('change.same', { month: formatMonth(d.compare, lang) })}</p>;
  return (
    <div aria-busy={stale || undefined}>
      <div className="grid income-change__figures">
        <div data-pretax-change-fen={d.pretaxChangeFen}>
          <Figure
            value={formatFenChange(d.pretaxChangeFen, lang)}
            label={t('change.pretax')}
            hint={
              d.from && d.to ? (
                <span className="muted num">{t('change.fromTo', { from: fen(d.from.pretaxFen), to: fen(d.to.pretaxFen) })}</span>
              ) : null
            }
          />
        </div>
        <div data-net-change-fen={d.netChangeFen}>
          <Figure
            value={formatFenChange(d.netChangeFen, lang)}
            label={t('change.net')}
            hint={
              d.from && d.to ? (
                <span className="muted num">{t('change.fromTo', { from: fen(d.from.netFen), to: fen(d.to.netFen) })}</span>
              ) : null
            }
          />
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
