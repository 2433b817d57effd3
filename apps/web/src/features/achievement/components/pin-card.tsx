import type { AchRankData } from '@abo/contract';
import { pinName } from '@abo/plan';
import { TexturedCard } from '../../../components/textured-card.tsx';
import { useAch } from './shared.tsx';

/** Member: no pin qualified. */
const MEMBER = 230;

/** The head of a pin card: the pin held and since when (or when it was held before, or never). */
export function PinHeld({ d }: { d: Pick<AchRankData, 'pinName' | 'pinMonth' | 'pinHeldBefore'> }) {
  const { t, tx, month } = useAch();
  return (
    <>
      <h2 className="card__title">{t('currentPin')}</h2>
      <div className="ach-pin">
        <p className="ach-pin__name">{tx(d.pinName)}</p>
      </div>
      <p className="muted small">
        {d.pinMonth
          ? t('pinSince', { month: month(d.pinMonth) })
          : d.pinHeldBefore
            ? t('pinHeldBefore', { month: month(d.pinHeldBefore) })
            : t('pinNever')}
      </p>
    </>
  );
}

/**
 * The pin held (the highest ever, for recognition) and, apart from it, the pin this PY qualifies
 * for: what seminars, trips and the annual bonuses ask for (packages/plan/README.md, Pins).
 */
export function PinCard({ d }: { d: AchRankData }) {
  const { t, tx, month } = useAch();
  const q = d.qualified;
  return (
    <TexturedCard className="card">
      <PinHeld d={d} />
      <p className="muted small">{t('pinHeldNote')}</p>
      <dl className="ach-qualified">
        <dt>{t('qualifiedIn', { py: q.py })}</dt>
        <dd>
          {q.pinCode > MEMBER ? (
            <>
              <strong>{tx(q.name)}</strong>
              {q.month ? <span className="muted small"> · {t('pinSince', { month: month(q.month) })}</span> : null}
            </>
          ) : (
            <span>{t('qualifiedNone')}</span>
          )}
          {q.soFarPinCode > q.pinCode ? <div className="small">{t('qualifiedSoFar', { pin: tx(pinName(q.soFarPinCode)) })}</div> : null}
        </dd>
        <dt>{t('qMonthsLabel')}</dt>
        <dd className="num">{q.q12 ? t('q12') : t('qMonthsOf', { n: q.qMonths })}</dd>
      </dl>
      <p className="muted small">{t('qualifiedNote')}</p>
      <p className="muted small">{t('counters', { py: d.py, count: d.closedMonths, remaining: d.remainingMonths })}</p>
    </TexturedCard>
  );
}
