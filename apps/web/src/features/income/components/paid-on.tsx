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
