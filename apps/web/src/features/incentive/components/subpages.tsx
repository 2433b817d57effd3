import type { CriterionData, PlanData } from '@abo/contract';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleChart } from '../../../components/simple-chart.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { TermHelp } from '../../../components/term-help.tsx';
import { formatMonth, formatPv } from '../../../lib/format.ts';
import { CriterionRow, LegMatrix, TraceTable } from './plan-parts.tsx';
import { criterionValue, pinLabel, PIN_KINDS, useTx } from './text.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

/** Every criterion of a plan with the level it belongs to (null: the base criteria). */
function allCriteria(plan: PlanData): { level: string | null; c: CriterionData }[] {
  return [...plan.criteria.map((c) => ({ level: null, c })), ...plan.levels.flatMap((l) => l.criteria.map((c) => ({ level: l.code, c })))];
}

function findCriterion(plan: PlanData, ...kinds: string[]): CriterionData | undefined {
  for (const k of kinds) {
    const hit = allCriteria(plan).find((x) => x.c.kind === k);
    if (hit) return hit.c;
  }
  return undefined;
}

function Empty({ title, text }: { title: string; text?: string }) {
  return (
    <div className="card">
      <ErrorBlock status="empty" title={title} description={text ?? ''} />
    </div>
  );
}

const check = (b: boolean, yes: string, no: string) => (b ? `✓ ${yes}` : `– ${no}`);

/** target: required vs achieved and the gap per remaining month, for every criterion. */
export function TargetView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  const rows = allCriteria(plan);
  return (
    <section className="card" aria-labelledby="inc-target">
      <h2 id="inc-target" className="card__title">
        {t('subpages.target')}
      </h2>
      <TableScroll>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('criteria')}</th>
              <th scope="col">{t('required')}</th>
              <th scope="col">{t('achieved')}</th>
              <th scope="col">{t('stillNeeded')}</th>
              <th scope="col">{t('perMonth')}</th>
              <th scope="col">{t('remainingMonths')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ level, c }, i) => {
              const pin = PIN_KINDS.has(c.kind);
              return (
                <tr key={i}>
                  <th scope="row" className="inc-wrap">
                    {level ? <span className="muted">{tx(plan.levels.find((l) => l.code === level)!.name)} · </span> : null}
                    {tx(c.label)}
                  </th>
                  <td>{criterionValue(c.kind, c.required, lang)}</td>
                  <td>{criterionValue(c.kind, c.achieved, lang)}</td>
                  <td>{c.gap ? (pin ? t('pinRequired') : formatPv(c.gap.stillNeeded, lang)) : t('gapDone')}</td>
                  <td>{c.gap && !pin && c.gap.remainingMonths > 0 ? formatPv(c.gap.perMonth, lang) : '—'}</td>
                  <td>{c.gap ? c.gap.remainingMonths : '—'}</td>
                  <td>
                    <StatusTag status={c.status} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <ul className="inc-missing">
        {rows
          .filter(({ c }) => c.gap)
          .map(({ c }, i) => (
            <li key={i} className="small">
              <strong>{tx(c.label)}</strong> — {tx(c.gap!.text)}
            </li>
          ))}
      </ul>
    </section>
  );
}

/** pqflqdetails: the month grid of PQ and FLQ. */
export function PqFlqGrid({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useTx();
  const pq = findCriterion(plan, 'pqMonths');
  const flq = findCriterion(plan, 'flqMonths');
  const rows = useMemo(() => {
    const out: { r: PlanData['records'][number]; cumPq: number; cumFlq: number }[] = [];
    for (const r of plan.records) {
      const prev = out[out.length - 1];
      const live = r.state !== 'future';
      out.push({
        r,
        cumPq: (prev?.cumPq ?? 0) + (live && r.isQ ? 1 : 0),
        cumFlq: (prev?.cumFlq ?? 0) + (live ? r.qLegs : 0),
      });
    }
    return out;
  }, [plan.records]);
  return (
    <>
      <div className="grid grid--2">
        {pq ? <CriterionCard c={pq} plan={plan} /> : null}
        {flq ? <CriterionCard c={flq} plan={plan} /> : null}
      </div>
      <section className="card" aria-labelledby="inc-pqflq">
        <h2 id="inc-pqflq" className="card__title">
          {t('subpages.pqflqdetails')}
        </h2>
        <TableScroll>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('month')}</th>
                <th scope="col">{t('qFlag')}</th>
                <th scope="col">{t('pq')}</th>
                <th scope="col">{t('qLegs')}</th>
                <th scope="col">{t('flq')}</th>
                <th scope="col">{t('monthState')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ r, cumPq, cumFlq }) => {
                const future = r.state === 'future';
                return (
                  <tr key={r.month} className={future ? 'inc-row--future' : undefined}>
                    <th scope="row">{formatMonth(r.month, lang)}</th>
                    <td>{future ? '—' : check(r.isQ, t('yes'), t('no'))}</td>
                    <td>{future ? '—' : cumPq}</td>
                    <td>{future ? '—' : r.qLegs}</td>
                    <td>{future ? '—' : cumFlq}</td>
                    <td className="muted">{t(`state.${r.state}`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <TermHelp code="Q_MONTH" />
      </section>
      {flq ? (
        <section className="card" aria-labelledby="inc-pqflq-legs">
          <h2 id="inc-pqflq-legs" className="card__title">
            {t('legs')}
          </h2>
          {plan.legs.length ? <LegMatrix plan={plan} /> : <p className="small muted">{t('noLegs')}</p>}
        </section>
      ) : null}
    </>
  );
}

function CriterionCard({ c, plan }: { c: CriterionData; plan: PlanData }) {
  return (
    <section className="card">
      <ul className="inc-criteria">
        <CriterionRow c={c} planRoute={plan.route} py={plan.py} showLink={false} />
      </ul>
    </section>
  );
}

/** pqdetails: each month's personal-group PV, bracket and Q flag. */
export function PqDetails({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useTx();
  const pq = findCriterion(plan, 'pqMonths');
  return (
    <>
      {pq ? <CriterionCard c={pq} plan={plan} /> : null}
      <section className="card" aria-labelledby="inc-pq">
        <h2 id="inc-pq" className="card__title">
          {t('subpages.pqdetails')}
        </h2>
        {plan.records.every((r) => !r.present) ? <p className="muted small">{t('noRecords')}</p> : null}
        <TableScroll>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('month')}</th>
                <th scope="col">{t('ppv')}</th>
                <th scope="col">{t('pgpv')}</th>
                <th scope="col">{t('bracket')}</th>
                <th scope="col">{t('qFlag')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.records.map((r) => {
                const future = r.state === 'future';
                return (
                  <tr key={r.month} className={future ? 'inc-row--future' : undefined}>
                    <th scope="row">
                      {formatMonth(r.month, lang)}
                      {r.state === 'current' ? <span className="muted small"> ({t('state.current')})</span> : null}
                    </th>
                    <td>{future ? '—' : formatPv(r.ppv, lang)}</td>
                    <td>{future ? '—' : formatPv(r.pgpv, lang)}</td>
                    <td>{future ? '—' : `${r.bracket}%`}</td>
                    <td>{future ? '—' : check(r.isQ, t('yes'), t('no'))}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <div className="inc-terms__links">
          <TermHelp code="BRACKET" />
          <TermHelp code="Q_MONTH" />
        </div>
      </section>
    </>
  );
}

/** flqdetails: frontline legs × months (legs masked). */
export function FlqDetails({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const flq = findCriterion(plan, 'flqMonths');
  return (
    <>
      {flq ? <CriterionCard c={flq} plan={plan} /> : null}
      {plan.legs.length === 0 ? (
        <Empty title={t('noLegs')} text={t('noLegsText')} />
      ) : (
        <section className="card" aria-labelledby="inc-flq">
          <h2 id="inc-flq" className="card__title">
            {t('subpages.flqdetails')}
          </h2>
          <LegMatrix plan={plan} />
        </section>
      )}
    </>
  );
}

/** pincodedetails: pin history vs the pin required. */
export function PinDetails({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useTx();
  const pin = findCriterion(plan, 'pinAtLeast', 'newPin');
  return (
    <>
      <section className="card" aria-labelledby="inc-pin">
        <h2 id="inc-pin" className="card__title">
          {t('subpages.pincodedetails')}
        </h2>
        <div className="grid grid--2">
          <div>
            <div className="figure inc-figure--text">{pinLabel(plan.pins.current, lang)}</div>
            <div className="muted small">{t('pinNow')}</div>
          </div>
          {pin ? (
            <div>
              <div className="figure inc-figure--text">{pinLabel(pin.required, lang)}</div>
              <div className="muted small">{t('pinRequired')}</div>
            </div>
          ) : null}
        </div>
        {pin ? (
          <ul className="inc-criteria">
            <CriterionRow c={pin} planRoute={plan.route} py={plan.py} showLink={false} />
          </ul>
        ) : null}
      </section>
      <section className="card" aria-labelledby="inc-pinhist">
        <h2 id="inc-pinhist" className="card__title">
          {t('pinHistory')}
        </h2>
        <p className="small muted">{t('pinBefore', { pin: pinLabel(plan.pins.initialPin, lang) })}</p>
        {plan.pins.events.length ? (
          <ul className="inc-terms">
            {plan.pins.events.map((e) => (
              <li key={`${e.month}-${e.pinCode}`} className="num">
                {formatMonth(e.month, lang)} — {pinLabel(e.pinCode, lang)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="small">{t('noPinRise')}</p>
        )}
        {pin ? <TraceTable criterion={pin} /> : null}
      </section>
    </>
  );
}

/** attendancereqs: the plan's required events, attended or not. */
export function AttendanceView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  const att = findCriterion(plan, 'attendance');
  if (!att?.events) return <Empty title={t('noEvents')} />;
  return (
    <section className="card" aria-labelledby="inc-att">
      <h2 id="inc-att" className="card__title">
        {t('subpages.attendancereqs')}
      </h2>
      <ul className="inc-criteria">
        <CriterionRow c={att} planRoute={plan.route} py={plan.py} showLink={false} />
      </ul>
      <TableScroll>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('event')}</th>
              <th scope="col">{t('eventMonth')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {att.events.map((e) => (
              <tr key={e.code}>
                <th scope="row" className="inc-wrap">
                  {tx(e.name)}
                </th>
                <td>{e.month ? formatMonth(e.month, lang) : '—'}</td>
                <td>
                  <StatusTag status={e.attended ? 'met' : att.status === 'missed' ? 'missed' : 'atRisk'} />
                  <span className="visually-hidden">{e.attended ? t('attended') : t('notAttended')}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** apvdetails: APV by month, cumulative vs required. */
export function ApvDetails({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useTx();
  const apv = findCriterion(plan, 'apv');
  const { labels, series, cum } = useMemo(() => {
    let run = 0;
    const cumValues: number[] = [];
    const monthly: number[] = [];
    for (const r of plan.records) {
      const v = r.state === 'future' ? 0 : r.apv;
      run += v;
      monthly.push(v);
      cumValues.push(run);
    }
    const s = [
      { label: t('apvMonthly'), values: monthly },
      { label: t('apvCumulative'), values: cumValues, kind: 'line' as const },
      ...(apv ? [{ label: t('apvRequired'), values: plan.records.map(() => apv.required), kind: 'line' as const, color: '#a15c00' }] : []),
    ];
    return { labels: plan.records.map((r) => formatMonth(r.month, lang)), series: s, cum: cumValues };
  }, [plan, apv, t, lang]);
  const format = useMemo(() => (v: number) => formatPv(v, lang), [lang]);
  return (
    <>
      {apv ? <CriterionCard c={apv} plan={plan} /> : null}
      <section className="card" aria-labelledby="inc-apv">
        <h2 id="inc-apv" className="card__title">
          {t('apvChart')}
        </h2>
        <SimpleChart title={t('apvChart')} labels={labels} series={series} format={format} />
        <TableScroll>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('month')}</th>
                <th scope="col">{t('apvMonthly')}</th>
                <th scope="col">{t('apvCumulative')}</th>
                {apv ? <th scope="col">{t('required')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {plan.records.map((r, i) => (
                <tr key={r.month} className={r.state === 'future' ? 'inc-row--future' : undefined}>
                  <th scope="row">
                    {formatMonth(r.month, lang)}
                    {r.state === 'current' ? <span className="muted small"> ({t('state.current')})</span> : null}
                  </th>
                  <td>{r.state === 'future' ? '—' : formatPv(r.apv, lang)}</td>
                  <td>{r.state === 'future' ? '—' : formatPv(cum[i] ?? 0, lang)}</td>
                  {apv ? <td>{formatPv(apv.required, lang)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p className="small muted">{t('help.apv')}</p>
      </section>
    </>
  );
}

/** lddmarketdetails: the frontline legs and how far each is to the LDD level. */
export function LddDetails({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const ldd = findCriterion(plan, 'lddMarkets');
  return (
    <>
      {ldd ? <CriterionCard c={ldd} plan={plan} /> : null}
      {plan.legs.length === 0 ? (
        <Empty title={t('noLegs')} text={t('lddNeed', { n: plan.legQMonths })} />
      ) : (
        <section className="card" aria-labelledby="inc-ldd">
          <h2 id="inc-ldd" className="card__title">
            {t('subpages.lddmarketdetails')}
          </h2>
          <p className="small muted">{t('lddNeed', { n: plan.legQMonths })}</p>
          <TableScroll>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('leg')}</th>
                  <th scope="col">{t('qMonths')}</th>
                  <th scope="col">{t('status')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.legs.map((l) => (
                  <tr key={l.key}>
                    <th scope="row">
                      <div>{l.maskedName}</div>
                      <div className="muted small num">{l.maskedAda}</div>
                    </th>
                    <td>
                      {l.qMonths} / {plan.legQMonths}
                    </td>
                    <td>
                      <StatusTag status={l.qualified ? 'met' : plan.periodState === 'closed' ? 'missed' : 'onTrack'} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <LegMatrix plan={plan} />
        </section>
      )}
    </>
  );
}

/** components: how the plan's points are composed. */
export function ComponentsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useTx();
  const scores = allCriteria(plan).filter((x) => x.c.kind === 'score');
  const first = scores[0]?.c;
  if (!first?.components) return <Empty title={t('noComponents')} />;
  return (
    <section className="card" aria-labelledby="inc-comp">
      <h2 id="inc-comp" className="card__title">
        {tx(first.label).split(/[≥]/)[0]}
      </h2>
      <TableScroll>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('component')}</th>
              <th scope="col">{t('raw')}</th>
              <th scope="col">{t('points')}</th>
            </tr>
          </thead>
          <tbody>
            {first.components.map((k) => (
              <tr key={k.source}>
                <th scope="row" className="inc-wrap">
                  {tx(k.name)}
                </th>
                <td>{formatPv(k.raw, lang)}</td>
                <td>{formatPv(k.points, lang)}</td>
              </tr>
            ))}
            <tr className="inc-row--total">
              <th scope="row">{t('total')}</th>
              <td />
              <td>
                <strong>{formatPv(first.achieved, lang)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      <ul className="inc-criteria">
        {scores.map(({ level, c }, i) => (
          <li key={i} className="inc-criterion">
            <div className="inc-criterion__head">
              <span>
                {level ? `${tx(plan.levels.find((l) => l.code === level)!.name)} · ` : ''}
                {tx(c.label)}
              </span>
              <StatusTag status={c.status} />
            </div>
            {c.gap ? <p className="inc-gap small">{tx(c.gap.text)}</p> : null}
          </li>
        ))}
      </ul>
      <p className="small muted">{t('help.points')}</p>
    </section>
  );
}

/** biennialaward/data: the two-year month records behind the tracks. */
export function BiennialData({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useTx();
  return (
    <section className="card" aria-labelledby="inc-bidata">
      <h2 id="inc-bidata" className="card__title">
        {t('subpages.data')}
      </h2>
      <TableScroll>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('month')}</th>
              <th scope="col">{t('qFlag')}</th>
              <th scope="col">{t('qLegs')}</th>
              <th scope="col">{t('apv')}</th>
              <th scope="col">{t('spMonth')}</th>
              <th scope="col">{t('compliant')}</th>
              <th scope="col">{t('newCustomers')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.records.map((r) => {
              const f = r.state === 'future';
              return (
                <tr key={r.month} className={f ? 'inc-row--future' : undefined}>
                  <th scope="row">{formatMonth(r.month, lang)}</th>
                  <td>{f ? '—' : check(r.isQ, t('yes'), t('no'))}</td>
                  <td>{f ? '—' : r.qLegs}</td>
                  <td>{f ? '—' : formatPv(r.apv, lang)}</td>
                  <td>{f ? '—' : check(r.isSp, t('yes'), t('no'))}</td>
                  <td>{f ? '—' : check(r.compliant, t('yes'), t('no'))}</td>
                  <td>{f ? '—' : r.newCustomers}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
