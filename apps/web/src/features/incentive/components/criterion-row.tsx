import type { CriterionData, PlanData } from '@abo/contract';
import { ProgressBar } from 'antd-mobile';
import { DownOutline, RightOutline, UpOutline } from 'antd-mobile-icons';
import { useCallback, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/status-tag.tsx';
import { preloadable } from '../../../lib/preloadable.tsx';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { planHref } from '../plan-routes.ts';
import { PIN_KINDS, subpageForKind } from './criterion-kinds.ts';
import { LazyGapLegs, preloadGapLegs } from './gap-legs/gap-legs-lazy.tsx';
import type { GapLegsKind } from './gap-legs/gap-legs.tsx';
import { criterionValue } from './text.ts';

// The drawer (antd-mobile's Popup) loads on the first tap, or on intent, never with the page.
const drawer = preloadable(() => import('./criterion-drawer.tsx'));

/** While the drawer's chunk downloads after a tap: a busy note where the drawer will be. */
function DrawerLoading() {
  const { t } = useTranslation();
  return (
    <p className="small muted" role="status" aria-busy="true">
      {t('loading')}
    </p>
  );
}

function percent(c: CriterionData): number {
  if (c.met) return 100;
  if (PIN_KINDS.has(c.kind)) return 0;
  return c.required > 0 ? Math.max(0, Math.min(100, (c.achieved / c.required) * 100)) : 0;
}

/**
 * An FLQ or LDD gap is closed by frontline legs reaching Q: while the plan's period runs and the gap
 * can still be closed, the legs that could close it are one tap away (components/gap-legs).
 */
export function gapLegsKind(c: CriterionData, plan: PlanData | undefined): GapLegsKind | null {
  if (!plan || plan.periodState !== 'open' || c.met) return null;
  if (c.kind !== 'flqMonths' && c.kind !== 'lddMarkets') return null;
  if (c.status === 'outOfReach' || c.status === 'missed' || c.gap?.possible === false) return null;
  return c.kind;
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
  const { tx, lang } = useLocalText();
  const [open, setOpen] = useState(false);
  // Once opened the drawer stays mounted, so it can animate out.
  const [used, setUsed] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [legsOpen, setLegsOpen] = useState(false);
  const gapLegsId = useId();
  const sub = showLink ? subpageForKind(planRoute, c.kind) : null;
  const legsKind = gapLegsKind(c, plan);
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
                '--fill-color': c.met ? 'var(--ok)' : c.status === 'missed' || c.status === 'outOfReach' ? 'var(--bad)' : 'var(--brand)',
              } as CSSProperties
            }
          />
        </div>
      )}
      {c.gap ? <p className="inc-gap small">{tx(c.gap.text)}</p> : null}
      {c.projection && plan?.periodState !== 'closed' && !c.met ? (
        // An estimate at the closed months' pace (packages/plan projections.ts), labelled as one.
        <p className="inc-projection small" data-projection={c.projection.reaches ? 'reaches' : 'short'}>
          <span className="inc-projection__badge">{t('estimate')}</span> {tx(c.projection.text)}
        </p>
      ) : null}
      <div className="inc-criterion__actions">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
          onPointerEnter={() => void drawer.preload()}
          onFocus={() => void drawer.preload()}
          aria-haspopup="dialog"
        >
          {t('trace')}
        </button>
        {legsKind ? (
          <button
            type="button"
            className="link-button"
            aria-expanded={legsOpen}
            aria-controls={gapLegsId}
            onClick={() => setLegsOpen((v) => !v)}
            onPointerEnter={() => void preloadGapLegs()}
            onFocus={() => void preloadGapLegs()}
          >
            {t('helpLegs')} {legsOpen ? <UpOutline aria-hidden="true" /> : <DownOutline aria-hidden="true" />}
          </button>
        ) : null}
        {sub ? (
          <Link className="link-button" to={planHref(`${planRoute}/${sub}`, py)}>
            {t(`subpages.${sub}`)} <RightOutline aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {legsKind && plan ? (
        <div id={gapLegsId} className="inc-criterion__legs" hidden={!legsOpen}>
          {legsOpen ? (
            <LazyGapLegs plan={plan} kind={legsKind} titled={false} fallback={<div className="gap-legs" aria-busy="true" />} />
          ) : null}
        </div>
      ) : null}
      {used ? <drawer.Component c={c} py={py} plan={plan} open={open} onClose={close} fallback={<DrawerLoading />} /> : null}
    </li>
  );
}
