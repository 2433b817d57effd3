import { useTranslation } from 'react-i18next';
import { formatPayDate } from './income-format.ts';

/** When a statement is paid: "2026-11-15 发放" / "paid on 15 Nov 2026" (data-paid-on carries the date). */
export function PaidOn({ day, className = 'muted small' }: { day: string; className?: string }) {
  const { t, i18n } = useTranslation('income');
  return (
    <span className={`income-paid-on ${className}`} data-paid-on={day}>
      <time dateTime={day}>{t('paidOn', { date: formatPayDate(day, i18n.language) })}</time>
    </span>
  );
}

/**
 * A statement's payment line, under its title: when it is paid, or, for a statement below zero (a
 * claw-back month, `day` null), that nothing is paid and what is below zero goes to the next one.
 */
export function PaidLine({ day }: { day: string | null }) {
  const { t } = useTranslation('income');
  return day ? (
    <p className="income-paid-line">
      <PaidOn day={day} />
    </p>
  ) : (
    <p className="income-paid-line muted small">{t('nothingPaid')}</p>
  );
}
