import type { CriterionData, PlanData } from '@abo/contract';
import { Popup } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { termValues } from '../market/term-values.ts';
import { LegMatrix } from './leg-matrix.tsx';
import { TraceTable } from './trace-table.tsx';

/**
 * A criterion's "why" drawer (components/criterion-row.tsx): loaded on the first tap (or when the
 * pointer or the focus reaches its button), so antd-mobile's Popup and its animation library stay
 * out of the plan pages' first visit.
 */
export default function CriterionDrawer({
  c,
  py,
  plan,
  open,
  onClose,
}: {
  c: CriterionData;
  py: string;
  plan?: PlanData;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('incentive');
  const { tx, lang } = useLocalText();
  const legsId = useId();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="inc-drawer" showCloseButton>
      <div role="dialog" aria-label={t('traceTitle', { label: tx(c.label) })}>
        <h3 className="card__title">{t('traceTitle', { label: tx(c.label) })}</h3>
        {c.gap ? <p className="small">{tx(c.gap.text)}</p> : null}
        {open ? <TraceTable criterion={c} py={py} historyStart={plan?.historyStart ?? null} /> : null}
        {open && plan && (c.kind === 'flqMonths' || c.kind === 'lddMarkets') ? (
          <>
            <h4 className="inc-drawer__sub" id={legsId}>
              {t('legs')}
            </h4>
            {plan.legs.length ? (
              <LegMatrix plan={plan} labelledBy={legsId} />
            ) : (
              <p className="small muted">{t('noLegs', termValues(plan.py, lang))}</p>
            )}
          </>
        ) : null}
      </div>
    </Popup>
  );
}
