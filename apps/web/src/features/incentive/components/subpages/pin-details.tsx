import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { CriterionRow } from '../criterion-row.tsx';
import { criterionValue, pinLabel } from '../text.ts';
import { TraceTable } from '../trace-table.tsx';
import { findCriterion } from './shared.tsx';

/**
 * pincodedetails: the pin held (recognition) and, for a pin the plan asks for, the pin qualified
 * in the plan's PY (what the criterion judges), against the pin required; the pin history.
 */
export function PinDetailsView({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const { lang } = useLocalText();
  const pin = findCriterion(plan, 'pinAtLeast', 'newPin');
  return (
    <>
      <section className="card" aria-labelledby="inc-pin">
        <h2 id="inc-pin" className="card__title">
          {t('subpages.pincodedetails')}
        </h2>
        <div className={pin?.kind === 'pinAtLeast' ? 'grid grid--3' : 'grid grid--2'}>
          <div>
            <div className="figure inc-figure--text">{pinLabel(plan.pins.current, lang)}</div>
            <div className="muted small">{t('pinHeld')}</div>
          </div>
          {pin?.kind === 'pinAtLeast' ? (
            <div>
              <div className="figure inc-figure--text">{criterionValue(pin.kind, pin.achieved, lang)}</div>
              <div className="muted small">{t('pinQualified', { py: plan.py })}</div>
            </div>
          ) : null}
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
        {pin ? <TraceTable criterion={pin} py={plan.py} historyStart={plan.historyStart ?? null} /> : null}
      </section>
    </>
  );
}
