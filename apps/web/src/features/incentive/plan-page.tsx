import type { PlanData } from '@abo/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import type { PagePrefetch } from '../../lib/query-client.ts';
import { planQuery, usePlan, type PlanKey } from './api/plan.ts';
import { PlanCards } from './components/plan-cards.tsx';
import { CriteriaList, EditionSwitch, LevelsCard, PlanHeader, SubpageNav, TermsCard } from './components/plan-parts.tsx';
import {
  ApvDetails,
  AttendanceView,
  BiennialData,
  ComponentsView,
  FlqDetails,
  LddDetails,
  PinDetails,
  PqDetails,
  PqFlqGrid,
  TargetView,
} from './components/subpages.tsx';
import { useTx } from './components/text.ts';
import { resolvePlanPage, ROUTE_DEFAULT_YEAR, type Subpage } from './plan-routes.ts';
import './i18n.ts';
import './incentive.css';

function Body({ plan, subpage }: { plan: PlanData; subpage: Subpage }) {
  const { t } = useTranslation('incentive');
  const newcomer = plan.records.every((r) => !r.present);
  switch (subpage) {
    case 'target':
      return <TargetView plan={plan} />;
    case 'pqflqdetails':
      return <PqFlqGrid plan={plan} />;
    case 'pqdetails':
      return <PqDetails plan={plan} />;
    case 'flqdetails':
      return <FlqDetails plan={plan} />;
    case 'pincodedetails':
      return <PinDetails plan={plan} />;
    case 'attendancereqs':
      return <AttendanceView plan={plan} />;
    case 'apvdetails':
      return <ApvDetails plan={plan} />;
    case 'lddmarketdetails':
      return <LddDetails plan={plan} />;
    case 'components':
      return <ComponentsView plan={plan} />;
    case 'data':
      return (
        <>
          <LevelsCard plan={plan} />
          <BiennialData plan={plan} />
        </>
      );
    case 'overview':
      return (
        <>
          {newcomer ? <p className="card small">{t('newcomer')}</p> : null}
          <CriteriaList criteria={plan.criteria} plan={plan} />
          <LevelsCard plan={plan} />
          <TermsCard kinds={[...plan.criteria, ...plan.levels.flatMap((l) => l.criteria)].map((c) => c.kind)} />
        </>
      );
  }
}

/** Which plan a plan route shows (null: detail without ?code=, which lists every plan). */
function planKeyAt(pathname: string, params: URLSearchParams): PlanKey | null {
  const target = resolvePlanPage(pathname);
  const code = params.get('code');
  const year = params.get('year') ?? (target.typePage ? undefined : ROUTE_DEFAULT_YEAR[target.planRoute ?? '']);
  return target.planRoute ? { route: target.planRoute, year } : code ? { code } : null;
}

export const prefetch: PagePrefetch = ({ pathname, searchParams }, client) => {
  const key = planKeyAt(pathname, searchParams);
  if (key) void client.prefetchQuery(planQuery(key));
};

/**
 * The one generic plan page: every plan route, its subpages, the type pages (?year=) and
 * detail?code=. What it shows is data (plan-routes.ts), never a per-plan copy.
 */
export default function PlanPage() {
  const { t } = useTranslation('incentive');
  const { tx } = useTx();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const target = resolvePlanPage(pathname);
  const key = planKeyAt(pathname, params);
  const plan = usePlan(key);

  if (!key) {
    // detail without ?code=: every plan, to pick one.
    return (
      <Page title={t('index2')} wide>
        <PlanCards scope="all" link={(p) => `/incentiveplan/type/detail?code=${p.code}`} />
      </Page>
    );
  }

  const name = plan.data ? tx(plan.data.name) : t('title');
  const title = target.subpage === 'overview' ? name : `${t(`subpages.${target.subpage}`)} · ${name}`;
  return (
    <Page title={title} onRefresh={() => plan.refetch()} wide>
      <QueryState query={plan} skeletonLines={8}>
        {(p) => (
          <>
            <EditionSwitch plan={p} />
            <PlanHeader plan={p} compact={target.subpage !== 'overview'} />
            <SubpageNav planRoute={p.route} py={p.py} current={target.subpage} />
            <Body plan={p} subpage={target.subpage} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
