import { href } from '@abo/contract/pages';
import type { HomeSummary } from '@abo/contract';
import { CheckCircleFill, CloseCircleFill, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayOpen } from '../../../lib/write-pages.ts';
import { FigureTrace } from '../../../components/figure-trace/figure-trace.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { TermText } from '../../../components/term/term-text.tsx';
import { formatMonth, formatPv } from '../../../lib/format.ts';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { FirstGoal } from './first-goal.tsx';

const INVITE = href('/achievement/dealerinvitation');

/**
 * Did last month count: yes or no, and its why: the Q-month (SP-month) test worked out on that
 * month's APV and 21 % legs (the figure trace; the rule from the plan engine), not a plan's table.
 */
function LastMonth({ s }: { s: HomeSummary }) {
  const { t } = useTranslation('home');
  const { lang } = useLocalText();
  if (!s.lastMonth || s.lastMonthQ === null) return null;
  const month = formatMonth(s.lastMonth, lang);
  const Icon = s.lastMonthQ ? CheckCircleFill : CloseCircleFill;
  return (
    <div className="moment__row">
      <p className={`moment__answer moment__answer--${s.lastMonthQ ? 'yes' : 'no'}`}>
        <Icon aria-hidden="true" />{' '}
        <span>
          <TermText text={t(s.lastMonthQ ? 'lastQYes' : 'lastQNo', { month })} />
        </span>
      </p>
      {/* An answer from before the BFF sent the test's figures has no why. */}
      {s.lastMonthTest ? (
        <FigureTrace
          className="moment__why"
          label={t('why')}
          subject={t('whyTest', { month })}
          trace={{ kind: 'sp', month: s.lastMonth, apv: s.lastMonthTest.apv, qLegs: s.lastMonthTest.qLegs }}
        />
      ) : null}
    </div>
  );
}

/** This PY's seminar: status and the one criterion that decides it, in words; opens that edition. */
function Seminar({ seminar }: { seminar: NonNullable<HomeSummary['seminar']> }) {
  const { t } = useTranslation('home');
  const { tx } = useLocalText();
  const b = seminar.binding;
  return (
    <Link className="moment__row moment__link" to={`${seminar.route}?year=${encodeURIComponent(seminar.py)}`}>
      <div className="moment__body">
        <div className="moment__head">
          <span className="moment__name">{tx(seminar.name)}</span> <StatusTag status={seminar.status} />
        </div>
        {b ? (
          <>
            <p className="moment__progress num">{tx(b.progress)}</p>
            {b.gap ? <p className="moment__gap small">{tx(b.gap)}</p> : null}
          </>
        ) : (
          <p className="moment__progress">{t('allMet')}</p>
        )}
      </div>
      <RightOutline aria-hidden="true" className="moment__chevron" />
    </Link>
  );
}

/** The frontline leg closest to Q in the open month, or why there is none. */
function ClosestLeg({ legs }: { legs: HomeSummary['legs'] }) {
  const { t } = useTranslation('home');
  const { tx, lang } = useLocalText();
  const leg = legs.closest;
  if (!leg && legs.total === 0) {
    // The new member's empty state says what to do next: a first frontline leg is where Q legs and FLQ months come from.
    return (
      <div className="moment__row moment__empty">
        <div className="moment__body">
          <p className="moment__gap small">
            <TermText text={t('noLegs')} />
          </p>
          {mayOpen(INVITE) ? (
            <p className="moment__actions">
              <Link to={INVITE} className="moment__action">
                {t('invite')}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  if (!leg) {
    const text = legs.qSoFar === legs.total ? t('allLegsQ', { count: legs.total }) : t('noLegVolume');
    return (
      <div className="moment__row">
        <p className="moment__gap small">{text}</p>
      </div>
    );
  }
  return (
    <Link className="moment__row moment__link" to={href('/incentiveplan/marketdetails', { ref: leg.ref })}>
      <div className="moment__body">
        <div className="moment__head">
          <span className="muted small">{t('closestLeg')}</span>
          <span className="muted small">{t('legsQ', { q: legs.qSoFar, total: legs.total })}</span>
        </div>
        <p className="moment__progress">
          <span className="moment__name">{tx(leg.name)}</span>{' '}
          <span className="num">
            {formatPv(leg.gpv, lang)} / {formatPv(legs.qThreshold, lang)} PV
          </span>
        </p>
        <div className="moment__bar" aria-hidden="true">
          <span style={{ width: `${leg.progressPct}%` }} />
        </div>
        <p className="moment__gap small num">{t('legToGo', { pv: formatPv(leg.pvToQ, lang) })}</p>
      </div>
      <RightOutline aria-hidden="true" className="moment__chevron" />
    </Link>
  );
}

/**
 * The first screen's answers (docs/product.md, Who uses it: the Platinum on the 3rd of the month): did last month
 * count, what the seminar still needs, and which leg is closest to Q; each opens its "why".
 */
export function MomentCard({ s }: { s: HomeSummary }) {
  const { t } = useTranslation('home');
  return (
    <section className="card moment" aria-labelledby="home-moment">
      <h2 id="home-moment" className="card__title">
        {t('moment')}
      </h2>
      {s.firstGoal ? <FirstGoal goal={s.firstGoal} /> : null}
      <LastMonth s={s} />
      {s.seminar ? <Seminar seminar={s.seminar} /> : null}
      <ClosestLeg legs={s.legs} />
    </section>
  );
}
