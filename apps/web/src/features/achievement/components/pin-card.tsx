import type { AchRankData } from '@abo/contract';
import { TexturedCard } from '../../../components/textured-card.tsx';
import { useAch } from './shared.tsx';

export function PinCard({ d }: { d: AchRankData }) {
  const { t, tx, month } = useAch();
  return (
    <TexturedCard className="card">
      <h2 className="card__title">{t('currentPin')}</h2>
      <div className="ach-pin">
        <p className="ach-pin__name">{tx(d.pinName)}</p>
        <span className="ach-pin__badge num">{d.pinCode}</span>
      </div>
      <p className="muted small">{d.pinMonth ? t('pinSince', { month: month(d.pinMonth) }) : t('pinNever')}</p>
      <p className="muted small">{t('counters', { py: d.py, closed: d.closedMonths, remaining: d.remainingMonths })}</p>
    </TexturedCard>
  );
}
