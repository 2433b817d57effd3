import type { NotificationItem } from '@abo/contract';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { NotificationRow } from './notification-row.tsx';

/** Newest first, "load more" by pages; opening an unread one marks it read (never for staff). */
export function NotificationList({ staff, unread }: { staff: boolean; unread: number }) {
  const { t } = useTranslation('notifications');
  const list = useNotifications();
  const markRead = useMarkRead();

  if (list.isPending) {
    return (
      <div className="notif-panel__section" role="status" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="notif-skeleton">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="notif-panel__section" role="alert">
        <ErrorBlock
          status={list.error instanceof ApiError && list.error.kind === 'transport' ? 'disconnected' : 'default'}
          title={t('errorTitle')}
          description={(list.error instanceof ApiError && list.error.message) || undefined}
        >
          <Button color="primary" fill="outline" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }

  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="notif-panel__section">
        <ErrorBlock status="empty" title={t('emptyTitle')} description={t('emptyText')} />
      </div>
    );
  }
  const open = (item: NotificationItem) => {
    if (!staff && !item.readAt) markRead.mutate({ ids: [item.id] });
  };
  return (
    <>
      {staff ? null : (
        <div className="notif-panel__toolbar">
          <Button fill="none" size="small" color="primary" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
            {t('markAll')}
          </Button>
        </div>
      )}
      <ul className="notif-list">
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} staff={staff} onOpen={open} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="notif-panel__more">
          <Button block fill="outline" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchNextPageError ? t('retry') : t('loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
