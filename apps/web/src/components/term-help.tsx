import { href } from '@abo/contract/pages';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "How is this calculated?": a link to the description page that explains a
 * term (codes: PV_BV, BRACKET, Q_MONTH, SEMINAR_RULES, TAX).
 */
export function TermHelp({ code, label }: { code: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={href('/descpage', { code })} className="term-help">
      <QuestionCircleOutline aria-hidden="true" />
      <span>{label ?? t('help.howCalculated')}</span>
    </Link>
  );
}
