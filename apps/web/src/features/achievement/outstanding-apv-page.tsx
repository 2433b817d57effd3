import { Outstanding } from './components/outstanding.tsx';
import './i18n.ts';

/** /achievement/outstandingpersonnelapv: downline ranked by APV. */
export default function OutstandingApvPage() {
  return <Outstanding by="apv" />;
}
