import { addTexts, initI18n } from '../../i18n/index.ts';

// Loaded with the account-switch dialog only (the sign-in guard itself shows no text), which
// the guard may show before the app frame has started i18next: start it here (once).
initI18n();
addTexts('auth', {
  zh: {
    switch: {
      title: '切换到账号 {{account}}？',
      body: '本窗口已登录另一个账号。切换后将显示新账号的信息；如果您刚才没有登录这个新账号，请保留当前账号。',
      current: '当前账号',
      next: '新登录的账号',
      keep: '保留当前账号',
      confirm: '切换账号',
    },
  },
  en: {
    switch: {
      title: 'Switch to account {{account}}?',
      body: 'This window is signed in to another account. Switching shows the new account’s information instead; if you did not just sign in to it, keep your current account.',
      current: 'Current account',
      next: 'New sign-in',
      keep: 'Keep current account',
      confirm: 'Switch account',
    },
  },
});
