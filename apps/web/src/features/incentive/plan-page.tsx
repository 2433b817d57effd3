import { href } from '@abo/contract/pages';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import type { PagePrefetch } from '../../lib/query-client.ts';
import { planQuery, usePlan } from './api/plan.ts';
import { PlanCards } from './components/plan-cards.tsx';
import { EditionSwitch } from './components/edition-switch.tsx';
import { PlanHeader } from './components/plan-header.tsx';
import { SubpageNav } from './components/subpage-nav.tsx';
import { SUBPAGE_VIEWS } from './components/subpages/views.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import { planKeyAt, planTitleKey, resolvePlanPage } from './plan-routes.ts';
import './i18n.ts';
import './plan-i18n.ts';
import './incentive.css';

export const prefetch: PagePrefetch = ({ pathname, searchParams }, client) => {
  const key = planKeyAt(pathname, searchParams);
  if (key) void client.prefetchQuery(planQuery(key));
};

/**
 * The one generic plan page: every plan route, its subpages, the type pages (?year=) and
 * detail?code=. What it shows is data (the subpage registry in plan-routes.ts), never a per-plan copy.
 */
export default function PlanPage() {
  const { t } = useTranslation('incentive');
  const { tx } = useLocalText();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const target = resolvePlanPage(pathname);
  const key = planKeyAt(pathname, params);
  const plan = usePlan(key);

  if (!key) {
    // detail without ?code=: every plan, to pick one.
    return (
      <Page title={t('index2')} wide>
        <PlanCards scope="all" link={(p) => href('/incentiveplan/type/detail', { code: p.code })} />
      </Page>
    );
  }

  // The route names the page while its plan loads; the plan's name (with its edition) then refines it.
  const name = plan.data ? tx(plan.data.name) : target.planRoute ? t(planTitleKey(target.planRoute)) : t('planDetail');
  const title = target.subpage === 'overview' ? name : `${t(`subpages.${target.subpage}`)} · ${name}`;
  const View = SUBPAGE_VIEWS[target.subpage];
  return (
    <Page title={title} onRefresh={() => plan.refetch()} wide>
      <QueryState query={plan} skeletonLines={8}>
        {(p) => (
          <>
            <EditionSwitch plan={p} />
            <PlanHeader plan={p} compact={target.subpage !== 'overview'} />
            <SubpageNav planRoute={p.route} py={p.py} current={target.subpage} />
            <View plan={p} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
