import type { ImportRunStatus } from '@abo/contract';
import {
  CheckCircleFill,
  CloseCircleFill,
  ExclamationCircleFill,
  InformationCircleFill,
  LoopOutline,
  MinusCircleOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

const ICONS = {
  checking: LoopOutline,
  importing: LoopOutline,
  closing: LoopOutline,
  rejected: CloseCircleFill,
  checked: InformationCircleFill,
  done: CheckCircleFill,
  failed: ExclamationCircleFill,
  discarded: MinusCircleOutline,
} as const;

/** A run's status as icon + text + colour, never colour alone. */
export function RunStatus({ status }: { status: ImportRunStatus }) {
  const { t } = useTranslation('operator');
  const Icon = ICONS[status];
  return (
    <span className={`status op-status op-status--${status}`} data-status={status}>
      <Icon aria-hidden="true" className="op-status__icon" />
      {t(`status.${status}`)}
    </span>
  );
}
