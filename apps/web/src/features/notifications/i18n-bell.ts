import { addTexts } from '../../i18n/index.ts';

// The bell's own texts, so the bell's chunk stays small; the panel brings the rest (i18n.ts). Both
// load after the app frame has set up i18next.
addTexts('notifications', {
  zh: { bell: '通知', bellUnread_other: '通知，{{count}} 条未读' },
  en: { bell: 'Notifications', bellUnread_one: 'Notifications, {{count}} unread', bellUnread_other: 'Notifications, {{count}} unread' },
});
