import type { AchEstimateData } from '@abo/contract';
import { Button, Slider } from 'antd-mobile';
import { useId, useMemo, useState } from 'react';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { StatusTag } from '../../components/status-tag.tsx';
import { TermHelp } from '../../components/term-help.tsx';
import { formatFen } from '../../lib/format.ts';
import { useEstimateBase } from './api/get-estimate.ts';
import { runEstimate } from './components/estimate-calc.ts';
import { useAch } from './components/shared.tsx';
import './i18n.ts';

const SLIDER_LEGS = 6;

function PvSlider({
  label,
  value,
  max,
  onChange,
  testId,
}: {
  label: string;
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
  const { t, pv, month, lang } = useAch();
  const [extraPpv, setExtraPpv] = useState(0);
  const [extraLeg, setExtraLeg] = useState<Record<string, number>>({});
  const est = useMemo(() => runEstimate(d, extraPpv, extraLeg), [d, extraPpv, extraLeg]);
  const fen = (n: number) => formatFen(n, lang);
  const rows: { label: string; before: string; after: string; testId?: string }[] = [
    { label: t('ppv'), before: `${pv(est.before.ppv)} PV`, after: `${pv(est.after.ppv)} PV` },
    { label: t('pgpv'), before: `${pv(est.before.pgpv)} PV`, after: `${pv(est.after.pgpv)} PV`, testId: 'est-pgpv' },
    { label: t('bracket'), before: `${est.before.bracketPercent}%`, after: `${est.after.bracketPercent}%`, testId: 'est-bracket' },
    { label: t('qLegs'), before: String(est.before.qLegs), after: String(est.after.qLegs) },
    { label: t('estimate.promotion'), before: fen(est.before.promotionFen), after: fen(est.after.promotionFen) },
    { label: t('estimate.pretax'), before: fen(est.before.pretaxFen), after: fen(est.after.pretaxFen), testId: 'est-pretax' },
    { label: t('estimate.net'), before: fen(est.before.netFen), after: fen(est.after.netFen) },
    {
      label: t('estimate.nextBracket'),
      before: est.before.next.nextPercent === null ? '—' : `${pv(est.before.next.pvNeeded)} PV → ${est.before.next.nextPercent}%`,
      after: est.after.next.nextPercent === null ? '—' : `${pv(est.after.next.pvNeeded)} PV → ${est.after.next.nextPercent}%`,
    },
  ];
  const sliderLegs = d.legs.slice(0, SLIDER_LEGS);
  const names = (ids: string[]) => ids.map((id) => d.legs.find((l) => l.id === id)?.maskedName ?? id).join('、');
  return (
    <div className="grid grid--2">
      <section className="card">
        <h2 className="card__title">{t('thisMonth', { month: month(d.month) })}</h2>
        <p className="muted small">{t('estimate.intro')}</p>
        <PvSlider label={t('estimate.extraPpv')} value={extraPpv} max={20000} onChange={setExtraPpv} testId="extra-ppv" />
        <h3 className="card__title small">{t('estimate.legs')}</h3>
        {d.legs.length === 0 ? <p className="muted small">{t('estimate.noLegs')}</p> : null}
        {sliderLegs.map((l) => (
          <PvSlider
            key={l.id}
            testId={`extra-${l.id}`}
            label={`${t('estimate.extraLeg', { name: l.maskedName })} · ${pv(l.pgpv)} PV`}
            value={extraLeg[l.id] ?? 0}
            max={15000}
            onChange={(v) => setExtraLeg((x) => ({ ...x, [l.id]: v }))}
          />
        ))}
        {d.legs.length > SLIDER_LEGS ? <p className="muted small">{t('estimate.otherLegs', { n: d.legs.length - SLIDER_LEGS })}</p> : null}
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
      <section className="card" aria-live="polite">
        <h2 className="card__title">{t('estimate.after')}</h2>
        <dl className="ach-compare">
          <dt />
          <dd className="muted small">{t('estimate.before')}</dd>
          <dd className="muted small">{t('estimate.after')}</dd>
          {rows.map((r) => (
            <div key={r.label} style={{ display: 'contents' }}>
              <dt>{r.label}</dt>
              <dd>{r.before}</dd>
              <dd className="ach-compare__after" data-testid={r.testId}>
                {r.after}
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <span className="muted small">{t('spMonth')}: </span>
          <span data-testid="est-sp">
            {est.after.isSpMonth ? <StatusTag status="met" /> : null}{' '}
            {est.after.isSpMonth ? t('estimate.spYes') : `✕ ${t('estimate.spNo')}`}
          </span>
        </p>
        {!est.after.isSpMonth ? <p className="small">{t('estimate.spNeed', { pv: pv(est.ppvNeededForSp) })}</p> : null}
        {est.legsBecomingQ.length > 0 ? (
          <p className="small status--atRisk status">{t('estimate.becomesQ', { names: names(est.legsBecomingQ) })}</p>
        ) : null}
        <p className="muted small">{t('estimate.disclaimer')}</p>
        <TermHelp code="BRACKET" />
      </section>
    </div>
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
