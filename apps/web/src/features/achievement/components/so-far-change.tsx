import type { SoFarChangeData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { ChangeParts } from '../../../components/change-parts/change-parts.tsx';
import { Figure } from '../../../components/figure.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { textsOnFirstUse } from '../../../i18n/index.ts';
import { formatDay, formatFen, formatFenChange } from '../../../lib/format.ts';
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

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

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
            value={formatFenChange(d.promotionChangeFen, lang)}
            label={t('change')}
            hint={
              <span className="muted num">
                {t('fromTo', { from: formatFen(d.from.promotionFen, lang), to: formatFen(d.to.promotionFen, lang) })}
              </span>
            }
          />
        </div>
        {d.summary ? <p className="ach-so-far__summary">{tx(d.summary)}</p> : null}
        <ChangeParts
          parts={d.parts}
          amountOf={(p) => p.pretaxFen}
          heading={t('parts')}
          note={t('partsNote')}
          showAll={(count) => t('showAll', { count })}
          showFewer={t('showFewer')}
        />
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
