import type { PlanData } from '@abo/contract';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params.ts';

/** Edition switch (?year=): every PY the plan exists in. */
export function EditionSwitch({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('incentive');
  const [params, setParams] = useAddressParams();
  if (plan.editions.length < 2 || params.get('code')) return null;
  return (
    <div className="inc-editions" role="group" aria-label={t('editionHint')}>
      <span className="muted small">{t('edition')}</span>
      <Selector
        columns={Math.min(plan.editions.length, 4)}
        value={[plan.py]}
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
        options={plan.editions.map((e) => ({ label: e.py, value: e.py }))}
      />
    </div>
  );
}
