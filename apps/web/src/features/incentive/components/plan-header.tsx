import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatMonth } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { criterionValue } from './text.ts';

/** Status header: plan name, PY, overall status, what is still missing, reward. */
export function PlanHeader({ plan, compact = false }: { plan: PlanData; compact?: boolean }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const unmet = plan.criteria.filter((c) => !c.met);
  const reached = plan.levels.find((l) => l.code === plan.achievedLevel);
  return (
    <section className="card inc-header" aria-labelledby="inc-plan-name">
      <div className="inc-header__top">
        <h2 id="inc-plan-name" className="card__title">
          {tx(plan.name)}
        </h2>
        <StatusTag status={plan.status} />
      </div>
      {plan.reason ? <p className="inc-reason small">{tx(plan.reason.text)}</p> : null}
      <p className="muted small">
        {plan.periodState === 'closed'
          ? `${plan.py} · ${t('closedYear')}`
          : plan.periodState === 'future'
            ? `${plan.py} · ${t('futureYear')}`
            : `${plan.py} · ${t('remaining', { count: plan.remainingMonths })} · ${t('asOf', { month: formatMonth(plan.today, lang) })}`}
      </p>
      {compact ? (
        <p className="small">
          {t('criteriaMet', {
            met: plan.criteria.length - unmet.length,
            total: plan.criteria.length,
          })}
          {unmet.length ? ` · ${unmet.map((c) => tx(c.label)).join(' · ')}` : ''}
        </p>
      ) : null}
      {compact ? null : (
        <div className="inc-header__figures">
          <div>
            <span className="figure">{plan.criteria.length - unmet.length}</span>
            <span className="figure__unit">/ {plan.criteria.length}</span>
            <div className="muted small">{t('criteria')}</div>
          </div>
          {plan.levels.length ? (
            <div>
              <span className="figure inc-figure--text">{plan.achievedLevel ? (reached ? tx(reached.name) : '') : '—'}</span>
              <div className="muted small">{t(`levels.${plan.levelsMode ?? 'tiers'}`)}</div>
            </div>
          ) : null}
          <div>
            <div className="small">{tx(plan.reward)}</div>
            <div className="muted small">{t('reward')}</div>
          </div>
        </div>
      )}
      {unmet.length && !compact ? (
        <ul className="inc-missing">
          {unmet.map((c, i) => (
            <li key={i}>
              <StatusTag status={c.status} /> <strong>{tx(c.label)}</strong>
              {c.gap ? <span className="small"> — {tx(c.gap.text)}</span> : null}
              <span className="muted small num">
                {' '}
                ({t('achieved')} {criterionValue(c.kind, c.achieved, lang)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
