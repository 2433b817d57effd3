import { CheckCircleFill, ClockCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

export type Status = 'met' | 'onTrack' | 'atRisk' | 'missed';

const ICONS = {
  met: CheckCircleFill,
  onTrack: ClockCircleFill,
  atRisk: ExclamationCircleFill,
  missed: CloseCircleFill,
} as const;

/** Status as icon + text + colour, never colour alone (DESIGN §1). */
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
