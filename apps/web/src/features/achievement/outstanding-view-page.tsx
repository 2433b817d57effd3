import { Outstanding } from './components/outstanding.tsx';
import './i18n.ts';

/** /achievement/outstandingpersonnelview: downline ranked by personal PV. */
export default function OutstandingViewPage() {
  return <Outstanding by="ppv" />;
}
