import type { ChangePart, SoFarChangeData } from '@abo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Figure } from '../../../components/figure.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { textsOnFirstUse } from '../../../i18n/index.ts';
import { formatDay, formatFen } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { useSoFarChange } from '../api/get-so-far-change.ts';
import './so-far-change.css';

const addTexts = textsOnFirstUse(
  'soFarChange',
  {
    title: '本月至今与上月同日相比',
    badge: '估算',
    period: '截至{{to}}，对比截至{{from}}',
    change: '市场推广服务费变化（税前）',
    fromTo: '{{from}} → {{to}}',
    parts: '原因',
    partsNote: '（合计等于变化额）',
    showAll: '显示全部 {{count}} 项',
    showFewer: '收起',
    noOrders: '没有可按日比较的订单：贵公司只提供月度业绩，本月结算后可在收入页比较。',
    nothingYet: '两个月截至当日都还没有订单，暂无可比较的内容。',
    same: '与上月同日的市场推广服务费相同。',
  },
  {
    title: 'So far this month vs the same day last month',
    badge: 'Estimate',
    period: 'Up to {{to}}, against up to {{from}}',
    change: 'Change in the promotion service fee (before tax)',
    fromTo: '{{from}} → {{to}}',
    parts: 'Why',
    partsNote: '(they add up to the change)',
    showAll: 'Show all {{count}}',
    showFewer: 'Show fewer',
    noOrders:
      'No daily orders to compare: your company sends monthly results only. Compare the months on the income pages once this one closes.',
    nothingYet: 'Neither month has an order up to this day yet: nothing to compare.',
    same: 'The same promotion service fee as on the same day last month.',
  },
);

/** Parts shown before "show all": the largest causes answer the question. */
const FIRST_PARTS = 5;

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function signedFen(fen: number, lang: string): string {
  const sign = fen > 0 ? '+' : fen < 0 ? '\u2212' : '';
  return `${sign}${formatFen(Math.abs(fen), lang)}`;
}

function PartRow({ part }: { part: ChangePart }) {
  const { lang, tx } = useLocalText();
  const body = (
    <>
      <span className="ach-so-far__text">
        {tx(part.text)}
        {part.legAdaMasked ? <span className="muted"> · {part.legAdaMasked}</span> : null}
      </span>
      {/* A pause before the amount for a screen reader, as the statement comparison has. */}
      <span className="visually-hidden">, </span>
      <span className="num ach-so-far__amount">{signedFen(part.pretaxFen, lang)}</span>
    </>
  );
  return (
    <li data-kind={part.kind} data-fen={part.pretaxFen}>
      {part.href && isAppPath(part.href) ? (
        <Link to={part.href} className="ach-so-far__row ach-so-far__row--link">
          {body}
        </Link>
      ) : (
        <span className="ach-so-far__row">{body}</span>
      )}
    </li>
  );
}

function Parts({ parts }: { parts: readonly ChangePart[] }) {
  const { t } = useTranslation('soFarChange');
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const more = parts.length > FIRST_PARTS;
  const shown = all || !more ? parts : parts.slice(0, FIRST_PARTS);
  return (
    <>
      <h3 className="ach-so-far__heading" id={headingId}>
        {t('parts')} <span className="muted small">{t('partsNote')}</span>
      </h3>
      <ol className="ach-so-far__parts" id={listId} aria-labelledby={headingId}>
        {shown.map((p, i) => (
          <PartRow key={`${p.kind}-${p.legAdaMasked ?? ''}-${i}`} part={p} />
        ))}
      </ol>
      {more ? (
        <button
          type="button"
          className="link-button ach-so-far__toggle"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? t('showFewer') : t('showAll', { count: parts.length })}
        </button>
      ) : null}
    </>
  );
}

function Change({ d }: { d: SoFarChangeData }) {
  const { t } = useTranslation('soFarChange');
  const { lang, tx } = useLocalText();
  if (!d.hasOrders) return <p className="muted">{t('noOrders')}</p>;
  const period = t('period', { to: formatDay(dayOf(d.to.month, d.to.day), lang), from: formatDay(dayOf(d.from.month, d.from.day), lang) });
  const body =
    d.parts.length > 0 ? (
      <>
        <div data-change-fen={d.promotionChangeFen}>
          <Figure
            value={signedFen(d.promotionChangeFen, lang)}
            label={t('change')}
            hint={
              <span className="muted num">
                {t('fromTo', { from: formatFen(d.from.promotionFen, lang), to: formatFen(d.to.promotionFen, lang) })}
              </span>
            }
          />
        </div>
        {d.summary ? <p className="ach-so-far__summary">{tx(d.summary)}</p> : null}
        <Parts parts={d.parts} />
      </>
    ) : (
      <p className="muted">{d.to.promotionFen === 0 && d.from.promotionFen === 0 ? t('nothingYet') : t('same')}</p>
    );
  return (
    <>
      <p className="small muted">{period}</p>
      {body}
      <p className="ach-note small muted">{tx(d.note)}</p>
    </>
  );
}

/**
 * The achievement page's "what changed, and why" for the open month (issue #31): the promotion
 * fee so far against last month's up to the same day, in one sentence, then cause by cause, each
 * to the page that traces it. Labelled an estimate: the month is open.
 */
export default function SoFarChange() {
  addTexts();
  const { t } = useTranslation('soFarChange');
  const q = useSoFarChange();
  return (
    <section className="card ach-so-far" aria-labelledby="so-far-title" data-estimate="true">
      <div className="ach-projection__head">
        <h2 className="card__title" id="so-far-title">
          {t('title')}
        </h2>
        <span className="ach-projection__badge">{t('badge')}</span>
      </div>
      <QueryState query={q} skeletonLines={3}>
        {(d) => <Change d={d} />}
      </QueryState>
    </section>
  );
}
