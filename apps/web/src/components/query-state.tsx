import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { Code } from '@abo/contract/codes';
import { ApiError } from '../lib/api-client.ts';
import { ErrorBlock } from './error-block.tsx';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  emptyText?: string;
  skeletonLines?: number;
  /**
   * What a refused request (9900400) means on this page, in the UI's language: the server's own
   * words may be in another language (lib/request-texts.ts), and the page knows what was asked.
   */
  refusedText?: string;
  /**
   * The content; `stale` while it shows other data than the query's latest answer (the previous
   * page's rows while the next loads, or an answer not rendered yet): mark it busy.
   */
  children: (data: T, state: { stale: boolean }) => ReactNode;
}

/** Loading skeleton, error with retry, empty state, or the content: the same on every page. */
export function QueryState<T>({ query, isEmpty, emptyTitle, emptyText, skeletonLines = 4, refusedText, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  // The content renders at transition priority: a page's render with its data (the largest of a
  // visit) runs in slices the browser can interrupt instead of one long task, while the skeleton
  // (or the previous content) stays. TanStack Query never holds undefined as data.
  const data = useDeferredValue(query.data);
  if (query.isPending || (query.isSuccess && data === undefined)) {
    return (
      <div className="card" role="status" aria-busy="true" aria-label={t('loading')}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={skeletonLines} animated />
      </div>
    );
  }
  if (query.isError) {
    const refused = refusedText && query.error instanceof ApiError && query.error.code === Code.BAD_REQUEST;
    return (
      <div className="card" role="alert">
        <ErrorBlock
          status={query.error instanceof ApiError && query.error.kind === 'transport' ? 'disconnected' : 'default'}
          title={t('state.errorTitle')}
          // The request layer's text is in the UI's language (lib/request-texts.ts); any other error's is not ours to show.
          description={refused ? refusedText : (query.error instanceof ApiError && query.error.message) || t('state.errorText')}
        >
          <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
            {t('state.retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  if (isEmpty?.(data as T)) {
    return (
      <div className="card">
        <ErrorBlock status="empty" title={emptyTitle ?? t('state.emptyTitle')} description={emptyText ?? t('state.emptyText')} />
      </div>
    );
  }
  return <>{children(data as T, { stale: query.isPlaceholderData || data !== query.data })}</>;
}
