import type { PlanSummary, PlansData } from '@abo/contract';
import { ProgressBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { TexturedCard } from '../../../components/textured-card.tsx';
import { formatMonth } from '../../../lib/format.ts';
import { usePlans, type PlansScope } from '../api/plans.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { planHref, TYPE_ORDER } from '../plan-routes.ts';
import { PIN_KINDS } from './criterion-kinds.ts';
import { criterionValue } from './text.ts';

/** The default link of a plan card: its page, at its edition. */
export const planLink = (p: PlanSummary) => planHref(p.route, p.py);

/** One plan card: name, status, headline progress (textured by its height, docs/contract.md §2). */
export function PlanCard({ p, to }: { p: PlanSummary; to: string }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const h = p.headline;
  const pct = h && !PIN_KINDS.has(h.kind) && h.required > 0 ? Math.min(100, (h.achieved / h.required) * 100) : h?.met ? 100 : 0;
  return (
    <TexturedCard className="card inc-plan-card">
      <Link to={to} className="inc-plan-card__link">
        <div className="inc-criterion__head">
          <h3 className="inc-plan-card__name">{tx(p.name)}</h3>
          <StatusTag status={p.status} />
        </div>
        <div className="muted small">
          {p.py} ·{' '}
          {p.periodState === 'closed'
            ? t('closedYear')
            : p.periodState === 'future'
              ? t('futureYear')
              : t('remaining', { count: p.remainingMonths })}{' '}
          · {t('criteriaMet', { met: p.criteriaMet, total: p.criteriaTotal })}
        </div>
        {p.reason ? <p className="inc-reason small">{tx(p.reason)}</p> : null}
        {h ? (
          <div className="inc-plan-card__headline">
            <div className="small">
              {tx(h.label)}
              <span className="num">
                {' '}
                — {t('achieved')} <strong>{criterionValue(h.kind, h.achieved, lang)}</strong>
                {PIN_KINDS.has(h.kind) ? '' : ` / ${criterionValue(h.kind, h.required, lang)} ${tx(h.unit)}`}
              </span>
            </div>
            {PIN_KINDS.has(h.kind) ? null : <ProgressBar percent={pct} aria-hidden="true" />}
          </div>
        ) : null}
        <span className="inc-plan-card__open small">
          {t('open')} <RightOutline aria-hidden="true" />
        </span>
      </Link>
    </TexturedCard>
  );
}

interface PlanCardsProps {
  scope?: PlansScope;
  filter?: (p: PlanSummary) => boolean;
  link?: (p: PlanSummary) => string;
  /** Group by PY then type (default) or by type only. */
  groupBy?: 'py' | 'type';
}

function groups(data: PlansData, list: PlanSummary[], by: 'py' | 'type') {
  const out: { key: string; py?: string; type?: string; plans: PlanSummary[] }[] = [];
  const pys = [...new Set(list.map((p) => p.py))].sort().reverse();
  const types = TYPE_ORDER.filter((ty) => list.some((p) => p.type === ty));
  if (by === 'type') {
    for (const ty of types) out.push({ key: ty, type: ty, plans: list.filter((p) => p.type === ty) });
  } else {
    for (const py of pys)
      for (const ty of types) {
        const plans = list.filter((p) => p.py === py && p.type === ty);
        if (plans.length) out.push({ key: `${py}-${ty}`, py, type: ty, plans });
      }
  }
  void data;
  return out;
}

/** Plan cards grouped by PY and type; loading, error and empty states included. */
export function PlanCards({ scope = 'recent', filter, link = planLink, groupBy = 'py' }: PlanCardsProps) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const plans = usePlans(scope);
  return (
    <QueryState
      query={plans}
      isEmpty={(d) => d.plans.filter(filter ?? (() => true)).length === 0}
      emptyTitle={t('noPlans')}
      emptyText={t('noPlansText')}
      skeletonLines={8}
    >
      {(d) => {
        const list = d.plans.filter(filter ?? (() => true));
        let lastPy = '';
        return (
          <>
            <p className="muted small">{t('asOf', { month: formatMonth(d.today, lang) })}</p>
            {groups(d, list, groupBy).map((g) => {
              const pyHeading = g.py && g.py !== lastPy;
              if (g.py) lastPy = g.py;
              const TypeHeading = g.py ? 'h3' : 'h2';
              return (
                <section key={g.key} aria-label={[g.py, t(`type.${g.type}`)].filter(Boolean).join(' ')} className="inc-group">
                  {pyHeading ? (
                    <h2 className="inc-group__py">
                      {g.py === d.py ? t('thisPy', { py: g.py }) : g.py === d.lastPy ? t('lastPy', { py: g.py }) : g.py}
                    </h2>
                  ) : null}
                  {/* Under a year's heading, or straight under the page's when not grouped by year. */}
                  <TypeHeading className="inc-group__type muted">{t(`type.${g.type}`)}</TypeHeading>
                  <div className="grid grid--3">
                    {g.plans.map((p) => (
                      <PlanCard key={p.code} p={p} to={link(p)} />
                    ))}
                  </div>
                </section>
              );
            })}
          </>
        );
      }}
    </QueryState>
  );
}
