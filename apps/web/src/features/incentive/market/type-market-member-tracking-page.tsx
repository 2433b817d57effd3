import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MembersView } from './components/members-view.tsx';
import './market.css';
import './i18n.ts';

const PY = /^\d{2}\/\d{2}$/;

/** Market member tracking in the year-switchable layout (`?year=26/27`; default the current PY). */
export default function TypeMarketMemberTrackingPage() {
  const { t } = useTranslation('incentiveMarket');
  const [params, setParams] = useSearchParams();
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
