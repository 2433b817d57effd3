import type { CriterionData, LevelData, PlanData } from '@abo/contract';
import { Popup, ProgressBar, Selector } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusTag } from '../../../components/status-tag.tsx';
import { TermHelp } from '../../../components/term-help.tsx';
import { formatFen, formatMonth, formatPv } from '../../../lib/format.ts';
import { PLAN_SUBPAGES, subpageForKind, type Subpage } from '../plan-routes.ts';
import { criterionValue, PIN_KINDS, useTx } from './text.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** A link to a plan page of one edition (?year= keeps the edition across subpages). */
export function planHref(path: string, py: string): string {
  return `${path}?year=${encodeURIComponent(py)}`;
}

/** Edition switch (?year=): every PY the plan exists in. */
export function EditionSwitch({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const [params, setParams] = useSearchParams();
  if (plan.editions.length < 2 || params.get('code')) return null;
  return (
    <div className="inc-editions" role="group" aria-label={t('editionHint')}>
      <span className="muted small">{t('edition')}</span>
      <Selector
        columns={Math.min(plan.editions.length, 4)}
        value={[plan.py]}
        onChange={(v) => {
          const y = v[0];
          if (!y) return;
          const next = new URLSearchParams(params);
          next.set('year', y);
          setParams(next, { replace: true });
        }}
        options={plan.editions.map((e) => ({ label: e.py, value: e.py }))}
      />
    </div>
  );
}

/** Status header: plan name, PY, overall status, what is still missing, reward. */
export function PlanHeader({ plan, compact = false }: { plan: PlanData; compact?: boolean }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  const unmet = plan.criteria.filter((c) => !c.met);
  return (
    <section className="card inc-header" aria-labelledby="inc-plan-name">
      <div className="inc-header__top">
        <h2 id="inc-plan-name" className="card__title">
          {tx(plan.name)}
        </h2>
        <StatusTag status={plan.status} />
      </div>
      <p className="muted small">
        {plan.periodState === 'closed'
          ? `${plan.py} · ${t('closedYear')}`
          : plan.periodState === 'future'
            ? `${plan.py} · ${t('futureYear')}`
            : `${plan.py} · ${t('remaining', { n: plan.remainingMonths })} · ${t('asOf', { month: formatMonth(plan.today, lang) })}`}
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
              <span className="figure inc-figure--text">
                {plan.achievedLevel ? tx(plan.levels.find((l) => l.code === plan.achievedLevel)?.name ?? { zh: '', en: '' }) : '—'}
              </span>
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

function percent(c: CriterionData): number {
  if (c.met) return 100;
  if (PIN_KINDS.has(c.kind)) return 0;
  return c.required > 0 ? Math.max(0, Math.min(100, (c.achieved / c.required) * 100)) : 0;
}

/** The month-by-month trace of one criterion. */
export function TraceTable({ criterion }: { criterion: CriterionData }) {
  const { t } = useTranslation('incentive');
  const { lang, tx } = useTx();
  const isPin = PIN_KINDS.has(criterion.kind);
  return (
    <TableScroll>
      <table className="data-table">
        <caption className="visually-hidden">{t('traceTitle', { label: tx(criterion.label) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('month')}</th>
            <th scope="col">{isPin ? t('pinHeld') : t('value')}</th>
            <th scope="col">{t('counted')}</th>
            <th scope="col">{t('cumulative')}</th>
            <th scope="col">{t('monthState')}</th>
          </tr>
        </thead>
        <tbody>
          {criterion.trace.map((m) => (
            <tr key={m.month} className={m.state === 'future' ? 'inc-row--future' : undefined}>
              <th scope="row">{formatMonth(m.month, lang)}</th>
              <td>{m.state === 'future' ? '—' : criterionValue(criterion.kind, m.value, lang)}</td>
              <td>{m.state === 'future' ? '—' : m.counted ? `✓ ${t('yes')}` : t('no')}</td>
              <td>{m.state === 'future' ? '—' : criterionValue(criterion.kind, m.cumulative, lang)}</td>
              <td className="muted">{t(`state.${m.state}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** One criterion: label, status, progress, gap per remaining month, and its "why". */
export function CriterionRow({
  c,
  planRoute,
  py,
  showLink = true,
  plan,
}: {
  c: CriterionData;
  planRoute: string;
  py: string;
  showLink?: boolean;
  /** When given, FLQ and LDD drawers also list the legs behind the months. */
  plan?: PlanData;
}) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  const [open, setOpen] = useState(false);
  const sub = showLink ? subpageForKind(planRoute, c.kind) : null;
  return (
    <li className="inc-criterion">
      <div className="inc-criterion__head">
        <h3 className="inc-criterion__label">{tx(c.label)}</h3>
        <StatusTag status={c.status} />
      </div>
      <div className="inc-criterion__figures num">
        <span>
          {t('achieved')} <strong>{criterionValue(c.kind, c.achieved, lang)}</strong>
        </span>
        <span className="muted">
          {t('required')} {criterionValue(c.kind, c.required, lang)}
          {PIN_KINDS.has(c.kind) ? '' : ` ${tx(c.unit)}`}
        </span>
      </div>
      {PIN_KINDS.has(c.kind) ? null : (
        // antd-mobile's bar is a plain div: the progressbar role and its value go on a wrapper.
        <div role="progressbar" aria-label={tx(c.label)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent(c))}>
          <ProgressBar
            percent={percent(c)}
            style={
              {
                '--fill-color': c.met ? 'var(--ok)' : c.status === 'missed' ? 'var(--bad)' : 'var(--brand)',
              } as React.CSSProperties
            }
          />
        </div>
      )}
      {c.gap ? <p className="inc-gap small">{tx(c.gap.text)}</p> : null}
      <div className="inc-criterion__actions">
        <button type="button" className="link-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
          {t('trace')}
        </button>
        {sub ? (
          <Link className="link-button" to={planHref(`${planRoute}/${sub}`, py)}>
            {t(`subpages.${sub}`)} <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="inc-drawer" showCloseButton>
        <div role="dialog" aria-label={t('traceTitle', { label: tx(c.label) })}>
          <h3 className="card__title">{t('traceTitle', { label: tx(c.label) })}</h3>
          {c.gap ? <p className="small">{tx(c.gap.text)}</p> : null}
          {open ? <TraceTable criterion={c} /> : null}
          {open && plan && (c.kind === 'flqMonths' || c.kind === 'lddMarkets') ? (
            <>
              <h4 className="inc-drawer__sub">{t('legs')}</h4>
              {plan.legs.length ? <LegMatrix plan={plan} /> : <p className="small muted">{t('noLegs')}</p>}
            </>
          ) : null}
        </div>
      </Popup>
    </li>
  );
}

/** The criteria checklist. */
export function CriteriaList({ criteria, plan, title }: { criteria: readonly CriterionData[]; plan: PlanData; title?: string }) {
  const { t } = useTranslation('incentive');
  return (
    <section className="card" aria-labelledby="inc-criteria">
      <h2 id="inc-criteria" className="card__title">
        {title ?? t('criteria')}
      </h2>
      <ul className="inc-criteria inc-criteria--cols">
        {criteria.map((c, i) => (
          <CriterionRow key={`${c.kind}-${i}`} c={c} planRoute={plan.route} py={plan.py} plan={plan} />
        ))}
      </ul>
    </section>
  );
}

/** Tiers (seat class, funding amount) or tracks (biennial): each with its own criteria. */
export function LevelsCard({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  if (!plan.levels.length) return null;
  const reached = plan.levels.find((l) => l.code === plan.achievedLevel);
  return (
    <section className="card" aria-labelledby="inc-levels">
      <h2 id="inc-levels" className="card__title">
        {t(`levels.${plan.levelsMode ?? 'tiers'}`)}
      </h2>
      <p className="small">
        {reached ? t('levelAchieved', { name: tx(reached.name) }) : t('levelNone')}
        {plan.levelsRequired ? <span className="muted"> · {t('levelRequired')}</span> : null}
      </p>
      {plan.levelsMode === 'tracks' ? (
        <p className="small">
          {plan.chosenTrack
            ? t('chosenTrack', {
                name: tx(plan.levels.find((l) => l.code === plan.chosenTrack)?.name ?? { zh: '', en: '' }),
              })
            : t('noTrack')}{' '}
          <Link to="/incentiveplan/biennialaward/settag" className="link-button">
            {t('chooseTrack')}
          </Link>
        </p>
      ) : null}
      <div className="grid grid--2">
        {plan.levels.map((l: LevelData) => (
          <div key={l.code} className={`inc-level${l.code === plan.achievedLevel ? ' inc-level--reached' : ''}`}>
            <div className="inc-criterion__head">
              <h3 className="inc-criterion__label">
                {tx(l.name)}
                {l.rewardFen !== undefined ? <span className="muted num"> · {formatFen(l.rewardFen, lang)}</span> : null}
              </h3>
              <StatusTag status={l.status} />
            </div>
            <ul className="inc-criteria">
              {l.criteria.map((c, i) => (
                <CriterionRow key={i} c={c} planRoute={plan.route} py={plan.py} plan={plan} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Links to the plan's subpages. */
export function SubpageNav({ planRoute, py, current }: { planRoute: string; py: string; current: Subpage }) {
  const { t } = useTranslation('incentive');
  const keep = (path: string) => planHref(path, py);
  const subs = PLAN_SUBPAGES[planRoute] ?? [];
  if (!subs.length) return null;
  return (
    <nav className="inc-subnav" aria-label={t('details')}>
      {current !== 'overview' ? (
        <Link to={keep(planRoute)} className="inc-subnav__link">
          {t('subpages.overview')}
        </Link>
      ) : null}
      {subs.map((s) =>
        s === current ? (
          <span key={s} className="inc-subnav__link inc-subnav__link--current" aria-current="page">
            {t(`subpages.${s}`)}
          </span>
        ) : (
          <Link key={s} to={keep(`${planRoute}/${s}`)} className="inc-subnav__link">
            {t(`subpages.${s}`)}
          </Link>
        ),
      )}
    </nav>
  );
}

const TERM_OF_KIND: Record<string, string[]> = {
  pqMonths: ['pq', 'q'],
  flqMonths: ['flq'],
  apv: ['apv'],
  lddMarkets: ['ldd'],
  complianceMonths: ['compliance'],
  spMonths: ['sp'],
  pinAtLeast: ['pin'],
  newPin: ['pin'],
  score: ['points', 'pq', 'flq'],
  points: ['points'],
};

/** Plain-language help for the terms a plan uses. */
export function TermsCard({ kinds }: { kinds: readonly string[] }) {
  const { t } = useTranslation('incentive');
  const terms = [...new Set(kinds.flatMap((k) => TERM_OF_KIND[k] ?? []))];
  if (!terms.length) return null;
  return (
    <section className="card" aria-labelledby="inc-terms">
      <h2 id="inc-terms" className="card__title">
        {t('help.title')}
      </h2>
      <ul className="inc-terms small">
        {terms.map((k) => (
          <li key={k}>{t(`help.${k}`)}</li>
        ))}
      </ul>
      <div className="inc-terms__links">
        <TermHelp code="SEMINAR_RULES" />
        <TermHelp code="Q_MONTH" label={t('help.q').split('：')[0]?.split(':')[0]} />
      </div>
    </section>
  );
}

export function formatCount(n: number, lang: string): string {
  return formatPv(n, lang);
}

/** Frontline legs × months: Q marks, totals per leg and per month (legs masked). */
export function LegMatrix({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang, en } = useTx();
  const long = plan.months.length > 12;
  const monthLabel = (m: string) =>
    long ? `${m.slice(2, 4)}/${m.slice(5)}` : en ? formatMonth(m, lang).split(' ')[0]! : `${Number(m.slice(5))}月`;
  return (
    <TableScroll>
      <table className="data-table inc-matrix">
        <thead>
          <tr>
            <th scope="col">{t('leg')}</th>
            {plan.months.map((m) => (
              <th key={m} scope="col" title={formatMonth(m, lang)}>
                {monthLabel(m)}
              </th>
            ))}
            <th scope="col">{t('qMonths')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.legs.map((l) => (
            <tr key={l.key}>
              <th scope="row">
                <div>{l.maskedName}</div>
                <div className="muted small num">{l.maskedAda}</div>
              </th>
              {l.months.map((q, i) => (
                <td key={i} aria-label={q ? t('qFlag') : t('no')}>
                  {q ? <span className="inc-q">Q</span> : <span className="muted">·</span>}
                </td>
              ))}
              <td>
                <strong>{l.qMonths}</strong>
              </td>
            </tr>
          ))}
          <tr className="inc-row--total">
            <th scope="row">{t('total')}</th>
            {plan.months.map((m, i) => (
              <td key={m}>{plan.legs.reduce((n, l) => n + (l.months[i] ? 1 : 0), 0)}</td>
            ))}
            <td>
              <strong>{plan.legs.reduce((n, l) => n + l.qMonths, 0)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}
