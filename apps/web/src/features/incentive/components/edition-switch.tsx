import type { PlanData } from '@abo/contract';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** Edition switch (?year=): every PY the plan exists in. */
export function EditionSwitch({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const [params] = useAddressParams();
  if (plan.editions.length < 2 || params.get('code')) return null;
  return <PySwitch groupLabel={t('editionHint')} label={t('edition')} pys={plan.editions.map((e) => e.py)} value={plan.py} />;
}

/** A PY picker (?year=, the address replaced): `pys` the PYs offered, `value` the one shown. */
export function PySwitch({ groupLabel, label, pys, value }: { groupLabel: string; label: string; pys: readonly string[]; value: string }) {
  const [, setParams] = useAddressParams();
  return (
    <div className="inc-editions" role="group" aria-label={groupLabel}>
      <span className="muted small">{label}</span>
      <Selector
        columns={Math.min(pys.length, 4)}
        value={[value]}
        onChange={(v) => {
          const y = v[0];
          if (!y) return;
          setParams(
            (p) => {
              p.set('year', y);
              return p;
            },
            { replace: true },
          );
        }}
        options={pys.map((y) => ({ label: y, value: y }))}
      />
    </div>
  );
}
