// What the list's filters do to the tree (issue #32): which are set, how many members match, what
// the grey members are, and the ways to change or drop the filters.
import { pinName } from '@abo/plan';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatPv } from '../../../../lib/format.ts';
import { useLocalText } from '../../../../lib/use-local-text.ts';
import type { TreeFilters } from '../api/get-tree.ts';
import { withoutFilters } from './tree-url.ts';

/** The filters set, in words, in the list's order of its controls. */
function useFilterWords(f: TreeFilters): string[] {
  const { t } = useTranslation('teamTree');
  const { tx } = useLocalText();
  const out: string[] = [];
  if (f.search) out.push(t('filter.search', { term: f.search }));
  const { levelMin: from, levelMax: to } = f;
  if (from !== undefined && to !== undefined) out.push(from === to ? t('filter.level', { n: from }) : t('filter.levels', { from, to }));
  else if (from !== undefined) out.push(t('filter.levelFrom', { n: from }));
  else if (to !== undefined) out.push(t('filter.levelTo', { n: to }));
  for (const p of f.pins ?? []) out.push(tx(pinName(p)));
  if (f.bracketMin !== undefined) out.push(t('filter.bracket', { b: f.bracketMin }));
  if (f.q === 'q' || f.q === 'notQ') out.push(t(`filter.${f.q}`));
  if (f.joinedThisPy) out.push(t('filter.joined'));
  return out;
}

export function TreeFilterNote({ filters, matching, size }: { filters: TreeFilters; matching: number | null; size: number }) {
  const { t } = useTranslation('teamTree');
  const { lang } = useLocalText();
  const [params] = useSearchParams();
  const words = useFilterWords(filters);
  const list = new URLSearchParams(params);
  list.delete('view');
  return (
    <div className="team-tree__filters small">
      <p>
        {t('filtered', { filters: words.join(' · ') })}{' '}
        {matching === 0
          ? t('noMatch')
          : matching !== null
            ? t('matching', { n: formatPv(matching, lang), size: formatPv(size, lang) })
            : null}
      </p>
      <p className="team-tree__filter-links">
        <Link to={{ search: `?${list.toString()}` }}>{t('changeFilters')}</Link>
        <Link to={{ search: `?${withoutFilters(params).toString()}` }}>{t('clearFilters')}</Link>
      </p>
    </div>
  );
}
