import { useTranslation } from 'react-i18next';

import { MembersView } from './components/members-view.tsx';
import './market.css';
import './i18n.ts';
import { useAddressParams } from '../../../lib/use-address-params.ts';

const PY = /^\d{2}\/\d{2}$/;

/** Market member tracking in the year-switchable layout (`?year=26/27`; default the current PY). */
export default function TypeMarketMemberTrackingPage() {
  const { t } = useTranslation('incentiveMarket');
  const [params, setParams] = useAddressParams();
  const asked = params.get('year');
  const year = asked && PY.test(asked) ? asked : undefined;
  return (
    <MembersView
      title={t('title.membersByYear')}
      year={year}
      onYear={(y) =>
        setParams(
          (p) => {
            p.set('year', y);
            return p;
          },
          { replace: true },
        )
      }
    />
  );
}
