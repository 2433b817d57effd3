import type { PlanSummary, PlansData } from '@abo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { formatMonth } from '../../lib/format.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { usePlans } from './api/plans.ts';
import { PlanCard, planLink } from './components/plan-cards.tsx';
import { planHref, TYPE_ORDER } from './plan-routes.ts';

/** How this PY's plans are grouped: what can still be reached, what is done, what no longer can. */
const REACH = [
  { key: 'inReach', statuses: ['onTrack', 'atRisk'] },
  { key: 'met', statuses: ['met'] },
  { key: 'outOfReach', statuses: ['outOfReach', 'missed'] },
] as const;

/** Statuses the one-line summary counts, in its order. */
const COUNTED = ['onTrack', 'atRisk', 'met', 'outOfReach'] as const;

// Whether last year's plans are open: kept for the session, so a view rebuilt on the way back
// (the view cache dropped it) opens as it was left and its scroll position can be restored.
let pastOpen = false;

/** "8 on track · 11 at risk · 1 met · closest: …, 3 compliance months to go" */
function SummaryLine({ d, current }: { d: PlansData; current: PlanSummary[] }) {
  const { t } = useTranslation('incentive');
  const { tx } = useLocalText();
  const counts = COUNTED.map((s) => [s, current.filter((p) => p.status === s).length] as const).filter(([, n]) => n > 0);
  return (
    <p className="inc-overview__line">
      {counts.map(([s, n]) => t(`list.count.${s}`, { count: n })).join(' · ')}
      {d.closest ? (
        <>
          {counts.length ? ' · ' : ''}
          {t('list.closest')}
          <Link to={planHref(d.closest.route, d.closest.py)} className="inc-overview__closest">
            {tx(d.closest.name)}
          </Link>
          {t('list.comma')}
          {tx(d.closest.toGo)}
        </>
      ) : null}
    </p>
  );
}

function Cards({ plans }: { plans: PlanSummary[] }) {
  return (
    <div className="grid grid--3">
      {plans.map((p) => (
        <PlanCard key={p.code} p={p} to={planLink(p)} />
      ))}
    </div>
  );
}

/** Last PY's plans, closed: collapsed under one line of what came of them. */
function PastYear({ d, plans }: { d: PlansData; plans: PlanSummary[] }) {
  const { t } = useTranslation('incentive');
  const [open, setOpen] = useState(pastOpen);
  if (!plans.length) return null;
  const met = plans.filter((p) => p.status === 'met').length;
  return (
    <details
      className="inc-past"
      open={open}
      onToggle={(e) => {
        pastOpen = e.currentTarget.open;
        setOpen(pastOpen);
      }}
    >
      <summary className="inc-past__summary">
        <span className="inc-group__py">{t('lastPy', { py: d.lastPy })}</span>{' '}
        <span className="muted small">{t('list.pastLine', { met, total: plans.length })}</span>
      </summary>
      {open
        ? TYPE_ORDER.filter((ty) => plans.some((p) => p.type === ty)).map((ty) => (
            <section key={ty} className="inc-group" aria-label={`${d.lastPy} ${t(`type.${ty}`)}`}>
              <h3 className="inc-group__type muted">{t(`type.${ty}`)}</h3>
              <Cards plans={plans.filter((p) => p.type === ty)} />
            </section>
          ))
        : null}
    </details>
  );
}

/**
 * /incentiveplan's plans: a one-line answer first (how many on track, met…, and the plan closest
 * to being met), then this PY's plans by reach, then last PY's, collapsed.
 */
export function PlanOverview() {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const plans = usePlans('recent');
  return (
    <QueryState
      query={plans}
      isEmpty={(d) => d.plans.length === 0}
      emptyTitle={t('noPlans')}
      emptyText={t('noPlansText')}
      skeletonLines={8}
    >
      {(d) => {
        const current = d.plans.filter((p) => p.py === d.py);
        return (
          <>
            <section className="card inc-overview" aria-label={t('list.summary')}>
              <h2 className="card__title">{t('thisPy', { py: d.py })}</h2>
              <SummaryLine d={d} current={current} />
              <p className="muted small">{t('asOf', { month: formatMonth(d.today, lang) })}</p>
            </section>
            {REACH.map(({ key, statuses }) => {
              const list = current.filter((p) => (statuses as readonly string[]).includes(p.status));
              if (!list.length) return null;
              return (
                <section key={key} className="inc-group" aria-labelledby={`inc-reach-${key}`}>
                  <h2 id={`inc-reach-${key}`} className="inc-group__reach">
                    {t(`list.reach.${key}`)} <span className="muted small">{list.length}</span>
                  </h2>
                  <Cards plans={list} />
                </section>
              );
            })}
            <PastYear d={d} plans={d.plans.filter((p) => p.py === d.lastPy)} />
          </>
        );
      }}
    </QueryState>
  );
}
