import { PartnersView } from './components/partners-view.tsx';
import './market.css';
import './i18n.ts';

export default function Page() {
  return <PartnersView view="keyAnnual" />;
}
