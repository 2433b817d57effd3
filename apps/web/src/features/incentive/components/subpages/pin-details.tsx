import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { CriterionRow } from '../criterion-row.tsx';
import { pinLabel } from '../text.ts';
import { TraceTable } from '../trace-table.tsx';
import { findCriterion } from './shared.tsx';

/** pincodedetails: pin history vs the pin required. */
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
