import { i18n } from '../../i18n/index.ts';

// The bell's own texts, so the bell's chunk stays small; the panel brings the rest (i18n.ts). Both
// load after the app frame has set up i18next.
i18n.addResourceBundle('zh-CN', 'notifications', { bell: '通知', bellUnread: '通知，{{count}} 条未读' }, true);
i18n.addResourceBundle(
  'en-US',
  'notifications',
  { bell: 'Notifications', bellUnread_one: 'Notifications, {{count}} unread', bellUnread_other: 'Notifications, {{count}} unread' },
  true,
);
