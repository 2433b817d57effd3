import { useTranslation } from 'react-i18next';
import { MembersView } from './components/members-view.tsx';
import './market.css';
import './i18n.ts';

export default function MarketMemberTrackingPage() {
  const { t } = useTranslation('incentiveMarket');
  return <MembersView title={t('title.members')} />;
}
