import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

export type MembersViewKind = 'list' | 'tree';

/** The view of member tracking the address asks for (`?view=tree`; anything else: the list). */
export function viewOf(params: URLSearchParams): MembersViewKind {
  return params.get('view') === 'tree' ? 'tree' : 'list';
}

/** List or tree: a link each, so the view is in the address (Back returns to the other one). */
export function ViewSwitch({ view, onIntent }: { view: MembersViewKind; onIntent?: () => void }) {
  const { t } = useTranslation('incentiveMarket');
  const [params] = useSearchParams();
  const hrefOf = (kind: MembersViewKind) => {
    const p = new URLSearchParams(params);
    if (kind === 'tree') p.set('view', 'tree');
    else p.delete('view');
    const s = p.toString();
    return s ? `?${s}` : '?';
  };
  return (
    <nav className="market-views" aria-label={t('tree.views')}>
      {(['list', 'tree'] as const).map((kind) => (
        <Link
          key={kind}
          to={{ search: hrefOf(kind) }}
          className={`market-views__link${kind === view ? ' market-views__link--active' : ''}`}
          aria-current={kind === view ? 'page' : undefined}
          {...(kind !== view && onIntent ? { onPointerEnter: onIntent, onFocus: onIntent, onTouchStart: onIntent } : {})}
        >
          {t(`tree.${kind}`)}
        </Link>
      ))}
    </nav>
  );
}
