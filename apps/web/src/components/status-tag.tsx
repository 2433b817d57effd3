import { CheckCircleFill, ClockCircleFill, CloseCircleFill, ExclamationCircleFill, ForbidFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The statuses of packages/plan/README.md; outOfReach: cannot be met in the remaining months (its reason is shown beside it). */
export type Status = 'met' | 'onTrack' | 'atRisk' | 'outOfReach' | 'missed';

const ICONS = {
  met: CheckCircleFill,
  onTrack: ClockCircleFill,
  atRisk: ExclamationCircleFill,
  outOfReach: ForbidFill,
  missed: CloseCircleFill,
} as const;

/** Status as icon + text + colour, never colour alone (docs/product.md, Look and feel). */
export function StatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  const Icon = ICONS[status];
  return (
    <span className={`status status--${status}`}>
      <Icon aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
