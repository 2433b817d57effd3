// The tree's search, and loading the pages that open the tree down to a match.
import type { TreeSearchData } from '@abo/contract';
import { TREE_SEARCH_MAX_LEVEL } from '@abo/contract/tree-paging';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import { pageOf, treeChildrenQuery, treeSearchQuery, type TreeView } from '../api/get-tree.ts';
import { branchKey } from './tree-rows.ts';

/** Pages of children fetched at once when a search opens the way to a member far down a list. */
const JUMP_FETCHES = 4;
/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Loads every page a search match's path needs in the tree's view (order and filters): for each
 * member on the way, its parent's pages up to the one holding it (lists are loaded from the start,
 * so "show more" carries on from there). Returns the pages each branch needs.
 */
export async function loadPath(client: QueryClient, m: Match, view: TreeView): Promise<Map<string, number>> {
  const need = new Map<string, number>();
  m.path.forEach((_, n) => {
    const parent = n === 0 ? null : m.path[n - 1]!;
    need.set(branchKey(parent), pageOf(m.positions[n] ?? 0) + 1);
  });
  const fetches = [...need].flatMap(([key, pages]) => Array.from({ length: pages }, (_, p) => treeChildrenQuery(key || null, p, view)));
  await inBatches(fetches, JUMP_FETCHES, (q) => client.ensureQueryData(q));
  return need;
}

type Match = TreeSearchData['matches'][number];

/** The search (among the members the tree lists): one match opens the tree down to it; several are listed to choose from. */
export function TreeSearch({ view, onJump }: { view: TreeView; onJump: (m: Match) => Promise<void> }) {
  const { t } = useTranslation('incentiveMarket');
  const { t: tt } = useTranslation('teamTree');
  const { tx } = useLocalText();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' | 'searching' | 'opening' | 'failed' }
    | { kind: 'none'; term: string }
    | { kind: 'list'; data: TreeSearchData }
    | { kind: 'jumped' | 'tooDeep'; match: Match }
  >({ kind: 'idle' });

  const jump = async (m: Match) => {
    // The BFF sends no path past the levels the tree opens to (contract tree-paging.ts).
    if (m.path.length === 0) return setState({ kind: 'tooDeep', match: m });
    try {
      // Every page on the way is loaded first (onJump), so the rows are there to focus when it opens.
      setState({ kind: 'opening' });
      await onJump(m);
      setState({ kind: 'jumped', match: m });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const term = text.trim();
    if (!term) return;
    setState({ kind: 'searching' });
    try {
      const data = await client.fetchQuery(treeSearchQuery(term, view));
      if (data.total === 0) setState({ kind: 'none', term });
      else if (data.total === 1) await jump(data.matches[0]!);
      else setState({ kind: 'list', data });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <div className="team-tree__search">
      <form className="market-search" role="search" aria-label={t('tree.searchLabel')} onSubmit={(e) => void submit(e)}>
        <input
          type="search"
          value={text}
          maxLength={40}
          placeholder={t('tree.search')}
          aria-label={t('tree.searchLabel')}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" color="primary" size="small" loading={state.kind === 'searching'}>
          {t('tree.searchButton')}
        </Button>
      </form>
      <div role="status" className="team-tree__found small">
        {state.kind === 'searching' ? t('tree.searching') : null}
        {state.kind === 'opening' ? tt('opening') : null}
        {state.kind === 'none' ? t('tree.noMatch', { term: state.term }) : null}
        {state.kind === 'failed' ? t('tree.jumpFailed') : null}
        {state.kind === 'jumped' ? t('tree.jumped', { name: tx(state.match.maskedName), level: state.match.level }) : null}
        {state.kind === 'tooDeep'
          ? t('tree.tooDeep', { name: tx(state.match.maskedName), level: state.match.level, max: TREE_SEARCH_MAX_LEVEL })
          : null}
        {state.kind === 'list'
          ? state.data.total > state.data.matches.length
            ? t('tree.foundMore', { total: state.data.total, n: state.data.matches.length })
            : t('tree.found', { total: state.data.total })
          : null}
      </div>
      {state.kind === 'list' ? (
        <ul className="team-tree__matches">
          {state.data.matches.map((m) => (
            <li key={m.ref}>
              <button type="button" className="team-tree__match" onClick={() => void jump(m)}>
                <bdi>{tx(m.maskedName)}</bdi> <span className="num muted small">{m.maskedAda}</span>{' '}
                <span className="muted small">· {t('levelN', { n: m.level })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
