import { href, type PagePath } from '@abo/contract/pages';
import type { PlanSummary } from '@abo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Page } from '../../components/page.tsx';
import { PlanCards, planLink } from './components/plan-cards.tsx';
import './i18n.ts';
import './incentive.css';

interface IndexDef {
  title: string;
  scope: 'recent' | 'all';
  groupBy: 'py' | 'type';
  filter?: (p: PlanSummary) => boolean;
  link?: (p: PlanSummary) => string;
}

/** Index pages are data: which plans, how grouped, where a card leads. */
const INDEXES: Readonly<Record<string, IndexDef>> = {
  '/incentiveplan/type': { title: 'typeIndex', scope: 'all', groupBy: 'type' },
  '/incentiveplan/type/index2': {
    title: 'index2',
    scope: 'all',
    groupBy: 'py',
    link: (p) => href('/incentiveplan/type/detail', { code: p.code }),
  },
  '/incentiveplan/travelplan': { title: 'travelIndex', scope: 'recent', groupBy: 'py', filter: (p) => p.type === 'travel' },
  '/incentiveplan/rewardtracking': {
    title: 'rewardTracking',
    scope: 'all',
    groupBy: 'py',
    filter: (p) => p.route.startsWith(`${href('/incentiveplan/rewardtracking')}/`),
  },
  '/incentiveplan/type/rewardtracking': {
    title: 'rewardTracking',
    scope: 'all',
    groupBy: 'py',
    filter: (p) => p.type === 'tracking',
  },
} satisfies Partial<Record<PagePath, IndexDef>>;

/** Plan indexes: by type, all plans, travel plans, reward tracking. */
export default function PlanIndexPage() {
  const { t } = useTranslation('incentive');
  const { pathname } = useLocation();
  const client = useQueryClient();
  const def = INDEXES[pathname.toLowerCase().replace(/\/+$/, '')] ?? INDEXES[href('/incentiveplan/type')]!;
  return (
    <Page title={t(def.title)} onRefresh={() => client.refetchQueries({ queryKey: ['incentive', 'plans'] })} wide>
      <PlanCards scope={def.scope} groupBy={def.groupBy} link={def.link ?? planLink} {...(def.filter ? { filter: def.filter } : {})} />
    </Page>
  );
}
