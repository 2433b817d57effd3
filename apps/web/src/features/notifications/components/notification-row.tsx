import type { Delivery, NotificationItem } from '@abo/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalText } from '../../../lib/use-local-text.ts';
import { safeAppLink } from '../panel-address.ts';
import { formatWhen } from '../when.ts';

interface RowProps {
  item: NotificationItem;
  staff: boolean;
  onOpen: (item: NotificationItem) => void;
}

/** One notification: unread ones with a dot and a bold title; the whole row links to what explains it. */
export function NotificationRow({ item, staff, onOpen }: RowProps) {
  const { t } = useTranslation('notifications');
  const { lang, tx } = useLocalText();
  const unread = !item.readAt;
  const when = formatWhen(item.createdAt, lang, t('justNow'));
  const href = safeAppLink(item.link);
  const content = (
    <>
      <span className="notif-item__dot" aria-hidden="true" />
      <span className="notif-item__main">
        <span className="notif-item__meta">
          <span>{t(`kind.${item.kind}.name`)}</span>
          <time dateTime={item.createdAt} title={when.full}>
            {when.text}
          </time>
        </span>
        <span className="notif-item__title">
          {unread ? <span className="visually-hidden">{t('unread')}: </span> : null}
          {tx(item.title)}
        </span>
        <span className="notif-item__body">{tx(item.body)}</span>
      </span>
    </>
  );
  return (
    <li className={`notif-item${unread ? ' notif-item--unread' : ''}`}>
      {href ? (
        <Link to={href} className="notif-item__link" onClick={() => onOpen(item)}>
          {content}
          <RightOutline className="notif-item__arrow" aria-hidden="true" />
        </Link>
      ) : (
        <div className="notif-item__link">{content}</div>
      )}
      {staff ? <Deliveries deliveries={item.deliveries ?? []} /> : null}
    </li>
  );
}

/** Staff: how each push of this notification went. */
function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  const { t } = useTranslation('notifications');
  const { lang } = useLocalText();
  return (
    <div className="notif-pushes">
      <span className="notif-pushes__label">{t('pushes')}</span>
      {deliveries.length === 0 ? (
        <span className="notif-pushes__none">{t('noPushes')}</span>
      ) : (
        <ul aria-label={t('pushes')}>
          {deliveries.map((d) => (
            <li key={d.channel} className={`notif-push notif-push--${d.status}`}>
              <strong>{t(`channel.${d.channel}`)}</strong> · <span className="notif-push__status">{t(`delivery.${d.status}`)}</span>
              {d.sentAt ? <> · {formatWhen(d.sentAt, lang, t('justNow')).full}</> : null}
              {d.attempts > 0 ? <> · {t('attempts', { count: d.attempts })}</> : null}
              {d.error ? (
                <span className="notif-push__error"> · {d.error}</span>
              ) : d.status === 'skipped' ? (
                <> ({t('skippedWhy')})</>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
