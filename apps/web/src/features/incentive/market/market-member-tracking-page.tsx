import { href } from '@abo/contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { preloadable } from '../../../lib/preloadable.tsx';
import { treeChildrenQuery } from './api/get-tree.ts';
import { MarketNav } from './components/market-nav.tsx';
import { MembersView } from './components/members-view.tsx';
import { treeViewOf } from './tree/tree-url.ts';
import { viewOf, ViewSwitch } from './tree/view-switch.tsx';
import './market.css';
import './i18n.ts';
import './market-member-tracking-i18n.ts';

// The tree and its virtualizer load only when the tree is opened: the list stays as light as it was.
// A pointer over (or focus on) the switch starts the chunk and the frontline early.
const teamTree = preloadable(() => import('./tree/team-tree-view.tsx'));
const loadTree = teamTree.preload;

export default function MarketMemberTrackingPage() {
  const { t } = useTranslation('incentiveMarket');
  const [params] = useSearchParams();
  const client = useQueryClient();
  const view = viewOf(params);
  const intent = () => {
    void loadTree();
    // The frontline as the tree will ask for it: in its order, with the list's filters.
    void client.prefetchQuery(treeChildrenQuery(null, 0, treeViewOf(params)));
  };
  // Once the list is idle, fetch the tree's chunk too (14 KB gzip): switching then waits only
  // for the frontline call, not for the chunk.
  useEffect(() => {
    if (view !== 'list') return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadTree(), { timeout: 5000 });
    return () => cancel(handle);
  }, [view]);
  if (view === 'list') return <MembersView title={t('title.members')} views={<ViewSwitch view="list" onIntent={intent} />} />;
  return <TreePage />;
}

function TreePage() {
  const { t } = useTranslation('incentiveMarket');
  // No pull-to-refresh here: antd-mobile's PullToRefresh takes ArrowUp / ArrowDown as a keyboard
  // pull (use-gesture) and stops them before the tree's own key handling.
  return (
    <Page title={t('title.members')} wide>
      <MarketNav />
      <section className="card">
        <p className="market-intro">{t('tree.intro')}</p>
        <div className="market-toolbar">
          <Link to={href('/incentiveplan/marketmembertracking/useguide')} className="term-help">
            {t('guideLink')}
          </Link>
          <ViewSwitch view="tree" />
        </div>
      </section>
      <teamTree.Component
        fallback={
          <div className="card" role="status" aria-busy="true" aria-label={t('tree.loadingChildren')}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={10} animated />
          </div>
        }
      />
    </Page>
  );
}
