import type { AchEstimateData } from '@abo/contract';
import type { EstimatePreset } from '@abo/plan';
import { Button, Slider } from 'antd-mobile';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { Term } from '../../components/term/term.tsx';
import { formatDay, formatFen } from '../../lib/format.ts';
import { useAddressParams } from '../../lib/use-address-params.ts';
import { useEstimateBase } from './api/get-estimate.ts';
import { whatIfFromParams, whatIfToParams } from './components/estimate-address.ts';
import { presetsFor, runWhatIf, type EstimateFrom } from './components/estimate-calc.ts';
import './components/estimate.css';
import { useAch } from './components/shared.tsx';
import './i18n.ts';
import './estimate-i18n.ts';

const SLIDER_LEGS = 6;
/** How long the what-if's inputs rest before the address takes them. */
const WRITE_DELAY_MS = 400;

function PvSlider({
  label,
  value,
  max,
  onChange,
  testId,
}: {
  label: ReactNode;
  value: number;
  max: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="ach-slider">
      <div className="ach-slider__head">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          data-testid={testId}
          type="number"
          inputMode="numeric"
          min={0}
          max={1_000_000}
          step={50}
          value={value}
          onChange={(e) => onChange(Math.max(0, Math.min(1_000_000, Math.round(Number(e.target.value) || 0))))}
        />
      </div>
      <Slider min={0} max={max} step={50} value={Math.min(value, max)} onChange={(v) => onChange(Array.isArray(v) ? (v[0] ?? 0) : v)} />
    </div>
  );
}

function EstimateBody({ d }: { d: AchEstimateData }) {
  const { t, tx, en, pv, month, lang } = useAch();
  // The what-if starts at the month's pace (issue #31: the estimate is one figure, the projection's);
  // "so far" is one tap away. No pace on the first day of the month.
  const startFrom: EstimateFrom = d.pace ? 'pace' : 'soFar';
  // The inputs live in the address too (issue #32), so a reload or a shared link keeps them.
  const [params, setParams] = useAddressParams();
  const [initial] = useState(() =>
    whatIfFromParams(
      params,
      d.legs.slice(0, SLIDER_LEGS).map((l) => l.id),
      startFrom,
    ),
  );
  const [from, setFrom] = useState<EstimateFrom>(initial.from);
  const [extraPpv, setExtraPpv] = useState(initial.extraPpv);
  const [extraLeg, setExtraLeg] = useState<Record<string, number>>(initial.extraLeg);
  const address = params.toString();
  useEffect(() => {
    const inputs = { from, extraPpv, extraLeg };
    if (whatIfToParams(inputs, new URLSearchParams(address), startFrom).toString() === address) return;
    // Written once the sliders rest: one address per what-if, not one per step of a drag.
    const timer = setTimeout(
      () => setParams((p) => whatIfToParams(inputs, p, startFrom), { replace: true, preventScrollReset: true }),
      WRITE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [from, extraPpv, extraLeg, startFrom, address, setParams]);
  const { start, est, legsBecomingQ } = useMemo(() => runWhatIf(d, from, extraPpv, extraLeg), [d, from, extraPpv, extraLeg]);
  const presets = useMemo(() => presetsFor(d, from), [d, from]);
  const fen = (n: number) => formatFen(n, lang);
  const rows: { key: string; label: ReactNode; before: string; after: string; testId?: string }[] = [
    { key: 'ppv', label: <Term k="pv">{t('ppv')}</Term>, before: `${pv(start.ppv)} PV`, after: `${pv(est.after.ppv)} PV` },
    {
      key: 'pgpv',
      label: <Term k="apv">{t('pgpv')}</Term>,
      before: `${pv(start.pgpv)} PV`,
      after: `${pv(est.after.pgpv)} PV`,
      testId: 'est-pgpv',
    },
    {
      key: 'bracket',
      label: <Term k="bracket">{t('bracket')}</Term>,
      before: `${start.bracketPercent}%`,
      after: `${est.after.bracketPercent}%`,
      testId: 'est-bracket',
    },
    { key: 'qLegs', label: <Term k="q">{t('qLegs')}</Term>, before: String(start.qLegs), after: String(est.after.qLegs) },
    { key: 'promotion', label: t('estimate.promotion'), before: fen(start.promotionFen), after: fen(est.after.promotionFen) },
    {
      key: 'pretax',
      label: t('estimate.pretax'),
      before: fen(start.pretaxFen),
      after: fen(est.after.pretaxFen),
      testId: 'est-pretax',
    },
    { key: 'net', label: t('estimate.net'), before: fen(start.netFen), after: fen(est.after.netFen) },
    {
      key: 'next',
      label: t('estimate.nextBracket'),
      before: start.next.nextPercent === null ? '—' : `${pv(start.next.pvNeeded)} PV → ${start.next.nextPercent}%`,
      after: est.after.next.nextPercent === null ? '—' : `${pv(est.after.next.pvNeeded)} PV → ${est.after.next.nextPercent}%`,
    },
  ];
  const sliderLegs = d.legs.slice(0, SLIDER_LEGS);
  const names = (ids: string[]) =>
    ids
      .map((id) => {
        const leg = d.legs.find((l) => l.id === id);
        return leg ? tx(leg.maskedName) : id;
      })
      // Latin names read as a list with commas; '、' is the Chinese list mark.
      .join(en ? ', ' : '、');
  const apply = (p: EstimatePreset) => {
    setExtraPpv(p.extraPpv);
    setExtraLeg(p.legId ? { [p.legId]: p.extraLegPv ?? 0 } : {});
  };
  // A preset is on while the inputs are exactly its own.
  const isOn = (p: EstimatePreset) =>
    extraPpv === p.extraPpv &&
    Object.entries(extraLeg).every(([id, v]) => v === 0 || (id === p.legId && v === p.extraLegPv)) &&
    (!p.legId || extraLeg[p.legId] === p.extraLegPv);
  // Leg presets only for legs that have a slider, so what a preset did can be seen and undone.
  const shown = presets.filter((p) => !p.legId || sliderLegs.some((l) => l.id === p.legId));
  const presetLabel = (p: EstimatePreset) =>
    p.kind === 'legQ'
      ? t('estimate.presetLeg', { name: names([p.legId!]), pv: pv(p.extraLegPv ?? 0) })
      : p.kind === 'spMonth'
        ? t('estimate.presetSp', { pv: pv(p.extraPpv) })
        : t('estimate.presetBracket', { pv: pv(p.extraPpv), percent: p.percent });
  const delta = est.after.pretaxFen - start.pretaxFen;
  return (
    <>
      {/* The answer stays in view while the sliders move (docs/product.md, Who uses it: the new member's what-if). */}
      <div className="est-bar" role="status" aria-live="polite" aria-label={t('estimate.bar')} data-testid="est-bar">
        <span className="est-bar__item">
          <span className="muted small">{t('bracket')}</span> <strong className="num">{est.after.bracketPercent}%</strong>
        </span>
        <span className="est-bar__item">
          <strong className="num">{t('estimate.barPretax', { fen: fen(est.after.pretaxFen) })}</strong>
          {delta !== 0 ? (
            <span
              className={`num small est-bar__delta est-bar__delta--${delta > 0 ? 'up' : 'down'}`}
            >{`${delta > 0 ? '+' : '−'}${fen(Math.abs(delta))}`}</span>
          ) : null}
        </span>
        <span className="est-bar__item">
          {est.after.isSpMonth ? <StatusTag status="met" /> : null}{' '}
          <span className="small">{est.after.isSpMonth ? t('estimate.spYes') : `✕ ${t('estimate.spNo')}`}</span>
        </span>
      </div>
      <div className="grid grid--2">
        <section className="card">
          <h2 className="card__title">{t(from === 'pace' ? 'estimate.monthAtPace' : 'thisMonth', { month: month(d.month) })}</h2>
          <p className="muted small">{t('estimate.intro')}</p>
          <div className="est-presets" role="group" aria-label={t('estimate.from')}>
            <span className="muted small">{t('estimate.from')}</span>
            {(['pace', 'soFar'] as const).map((f) => (
              <Button
                key={f}
                size="small"
                shape="rounded"
                color={from === f ? 'primary' : 'default'}
                fill={from === f ? 'solid' : 'outline'}
                aria-pressed={from === f}
                data-from={f}
                disabled={f === 'pace' && !d.pace}
                onClick={() => setFrom(f)}
              >
                {f === 'pace' ? t('estimate.atPace') : t('estimate.before')}
              </Button>
            ))}
          </div>
          <p className="muted small" data-testid="est-from-note">
            {d.pace ? t('estimate.paceNote', { days: d.pace.daysElapsed, dim: d.pace.daysInMonth }) : t('estimate.noPace')}
          </p>
          {shown.length ? (
            <div className="est-presets" role="group" aria-label={t('estimate.presets')}>
              <span className="muted small">{t('estimate.presets')}</span>
              {shown.map((p) => (
                <Button
                  key={`${p.kind}-${p.legId ?? ''}`}
                  size="small"
                  shape="rounded"
                  color={isOn(p) ? 'primary' : 'default'}
                  fill={isOn(p) ? 'solid' : 'outline'}
                  aria-pressed={isOn(p)}
                  data-preset={p.kind}
                  onClick={() => apply(p)}
                >
                  {presetLabel(p)}
                </Button>
              ))}
            </div>
          ) : null}
          <PvSlider label={t('estimate.extraPpv')} value={extraPpv} max={20000} onChange={setExtraPpv} testId="extra-ppv" />
          <h3 className="card__title small">{t('estimate.legs')}</h3>
          {d.legs.length === 0 ? <p className="muted small">{t('estimate.noLegs')}</p> : null}
          {sliderLegs.map((l) => (
            <PvSlider
              key={l.id}
              testId={`extra-${l.id}`}
              // The leg's volume where the what-if starts (at the pace, the pace's share of it).
              label={`${t('estimate.extraLeg', { name: tx(l.maskedName) })} · ${pv(l.pgpv + (from === 'pace' ? (d.pace?.extraLegPv[l.id] ?? 0) : 0))} PV`}
              value={extraLeg[l.id] ?? 0}
              max={15000}
              onChange={(v) => setExtraLeg((x) => ({ ...x, [l.id]: v }))}
            />
          ))}
          {d.legs.length > SLIDER_LEGS ? (
            <p className="muted small">{t('estimate.otherLegs', { count: d.legs.length - SLIDER_LEGS })}</p>
          ) : null}
          <Button
            size="small"
            fill="outline"
            onClick={() => {
              setExtraPpv(0);
              setExtraLeg({});
            }}
          >
            {t('estimate.reset')}
          </Button>
        </section>
        <section className="card">
          <h2 className="card__title">{t('estimate.after')}</h2>
          <dl className="ach-compare">
            <dt />
            <dd className="muted small" data-testid="est-from">
              {from === 'pace' ? t('estimate.atPace') : t('estimate.before')}
            </dd>
            <dd className="muted small">{t('estimate.after')}</dd>
            {rows.map((r) => (
              <div key={r.key} style={{ display: 'contents' }}>
                <dt>{r.label}</dt>
                <dd>{r.before}</dd>
                <dd className="ach-compare__after" data-testid={r.testId}>
                  {r.after}
                </dd>
              </div>
            ))}
          </dl>
          <p>
            <span className="muted small">
              <Term k="spMonth">{t('spMonth')}</Term>:{' '}
            </span>
            <span data-testid="est-sp">
              {est.after.isSpMonth ? <StatusTag status="met" /> : null}{' '}
              {est.after.isSpMonth ? t('estimate.spYes') : `✕ ${t('estimate.spNo')}`}
            </span>
          </p>
          {!est.after.isSpMonth ? <p className="small">{t('estimate.spNeed', { pv: pv(est.ppvNeededForSp) })}</p> : null}
          {legsBecomingQ.length > 0 ? (
            <p className="small status--atRisk status">{t('estimate.becomesQ', { names: names(legsBecomingQ) })}</p>
          ) : null}
          {d.paidOn ? (
            <p className="small" data-testid="est-paid-on">
              <time dateTime={d.paidOn}>{t('estimate.paidOn', { date: formatDay(d.paidOn, lang) })}</time>
            </p>
          ) : null}
          <p className="muted small">{t('estimate.disclaimer')}</p>
          <TermHelp code="BRACKET" />
        </section>
      </div>
    </>
  );
}

/** /achievement/estimate: a what-if on this month, recomputed in the browser by the plan engine. */
export default function EstimatePage() {
  const { t } = useAch();
  const q = useEstimateBase();
  return (
    <Page title={t('nav.estimate')} onRefresh={() => q.refetch()} wide>
      <QueryState query={q}>{(d) => <EstimateBody key={`${d.month}-${d.ppv}-${d.legs.length}`} d={d} />}</QueryState>
    </Page>
  );
}
