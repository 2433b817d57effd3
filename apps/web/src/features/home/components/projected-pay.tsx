import { href } from '@abo/contract/pages';
import type { HomeSummary } from '@abo/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatFen, formatMonth } from '../../../lib/format.ts';

/**
 * The open month's projected pay (issue #31): the estimate page's "at this pace", before and after
 * tax and when it is paid, labelled an estimate; on the first day of a month there is no pace yet.
 */
export function ProjectedPay({ pay }: { pay: NonNullable<HomeSummary['projectedPay']> }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const fen = (n: number) => formatFen(n, lang);
  return (
    <Link to={href('/achievement/estimate')} className="card area-card" data-testid="projected-pay">
      <h2 className="card__title">
        {/* The badge stays beside the title: the title row spreads its children to the edges. */}
        <span>
          {t('projectedTitle', { month: formatMonth(pay.month, lang) })} <span className="home-projected__badge">{t('estimateTag')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </h2>
      {pay.pace ? (
        <>
          <p className="muted small">{t('projectedHint', { days: pay.daysElapsed, dim: pay.daysInMonth })}</p>
          <div className="area-card__figures">
            <div>
              <span className="figure" data-testid="projected-net">
                {fen(pay.pace.netFen)}
              </span>
              <div className="muted small">{t('projectedNet')}</div>
            </div>
            <div>
              <span className="figure">{fen(pay.pace.pretaxFen)}</span>
              <div className="muted small">{t('projectedPretax')}</div>
            </div>
          </div>
          <p className="muted small">
            <time dateTime={pay.paidOn}>{t('projectedPaidOn', { date: formatDay(pay.paidOn, lang) })}</time>
          </p>
        </>
      ) : (
        <p className="muted small">{t('projectedNoPace')}</p>
      )}
    </Link>
  );
}
