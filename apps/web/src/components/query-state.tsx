import type { UseQueryResult } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** True when the loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  emptyText?: string;
  skeletonLines?: number;
  children: (data: T) => ReactNode;
}

/** Loading skeleton, error with retry, empty state, or the content: the same on every page. */
export function QueryState<T>({ query, isEmpty, emptyTitle, emptyText, skeletonLines = 4, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="card" aria-busy="true" aria-label={t('loading')}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={skeletonLines} animated />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="card" role="alert">
        <ErrorBlock status="default" title={t('state.errorTitle')} description={query.error.message || t('state.errorText')}>
          <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
            {t('state.retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <div className="card">
        <ErrorBlock status="empty" title={emptyTitle ?? t('state.emptyTitle')} description={emptyText ?? t('state.emptyText')} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
