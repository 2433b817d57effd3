import { escapeHtml } from '../../lib/html.ts';

export type IdpLang = 'zh-CN' | 'en-US';

const TEXT = {
  'zh-CN': {
    title: '登录',
    staffTitle: '员工登录（iinquiry）',
    subtitle: 'ABO 业绩查询',
    username: '会员号（ADA）',
    staffUsername: '员工账号',
    password: '密码',
    submit: '登录',
    other: 'English',
    hint: '演示账号：10000001 / demo1234',
    staffHint: '演示账号：staff01（客服）、ops01（运营）/ demo1234',
  },
  'en-US': {
    title: 'Sign in',
    staffTitle: 'Staff sign-in (iinquiry)',
    subtitle: 'ABO Inquiry',
    username: 'ABO number (ADA)',
    staffUsername: 'Staff account',
    password: 'Password',
    submit: 'Sign in',
    other: '中文',
    hint: 'Demo account: 10000001 / demo1234',
    staffHint: 'Demo accounts: staff01 (customer service), ops01 (operator) / demo1234',
  },
} as const;

export interface LoginPageOptions {
  lang: IdpLang;
  staff: boolean;
  redirectUri: string;
  display: 'page' | 'iframe';
  /** Where the form posts (distributor, staff or WeChat stand-in). */
  action: string;
  /** OAuth state echoed back (WeChat stand-in). */
  state?: string;
  error?: string;
  username?: string;
  /** The same page in the other language. */
  otherLangUrl: string;
  /** The user chose the language on this page (its switch): the app is told it after sign-in. */
  langChosen?: boolean;
  /** Demo mode: show the demo account to sign in with. */
  demoHint?: boolean;
}

/** The identity provider's sign-in page: server-rendered, works without JavaScript. */
export function renderLoginPage(o: LoginPageOptions): string {
  const t = TEXT[o.lang];
  const e = escapeHtml;
  const title = o.staff ? t.staffTitle : t.title;
  // Framed by the app's /login page (display=iframe), which already shows the card, the page
  // heading and the language switch (and sets this frame's language): the form alone, so the
  // sign-in shows each of them once. The region keeps its name for screen readers.
  const embedded = o.display === 'iframe';
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)} · ${e(t.subtitle)}</title>
<link rel="stylesheet" href="/idp/assets/login.css">
</head>
<body class="${o.display === 'iframe' ? 'embedded' : ''}">
<main class="card"${embedded ? ` aria-label="${e(title)}"` : ''}>
${embedded ? '' : `  <p class="brand">${e(t.subtitle)}</p>\n  <h1>${e(title)}</h1>\n`}
  <form method="post" action="${e(o.action)}" id="login-form" data-display="${o.display}" data-kind="${o.staff ? 'staff' : 'distributor'}" novalidate>
    <input type="hidden" name="redirect_uri" value="${e(o.redirectUri)}">
    <input type="hidden" name="lang" value="${o.lang}">${o.langChosen ? '\n    <input type="hidden" name="lang_chosen" value="1">' : ''}
    <input type="hidden" name="display" value="${o.display}">
    <input type="hidden" name="state" value="${e(o.state ?? '')}">
    <label for="username">${e(o.staff ? t.staffUsername : t.username)}</label>
    <input id="username" name="username" autocomplete="username" required maxlength="64" value="${e(o.username ?? '')}" ${o.staff ? '' : 'inputmode="numeric"'} autofocus>
    <label for="password">${e(t.password)}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128">
    <p class="error" id="login-error" role="alert" aria-live="assertive">${o.error ? e(o.error) : ''}</p>
    <button type="submit">${e(t.submit)}</button>
  </form>
  ${o.demoHint ? `<p class="hint">${e(o.staff ? t.staffHint : t.hint)}</p>` : ''}
  ${embedded ? '' : `<p class="lang"><a href="${e(o.otherLangUrl)}">${e(t.other)}</a></p>`}
</main>
<script src="/idp/assets/login.js" defer></script>
</body>
</html>`;
}

export const LOGIN_MESSAGES = {
  'zh-CN': {
    invalid: '会员号或密码不正确',
    missing: '请输入账号和密码',
    badRedirect: '登录后的返回地址无效',
    crossSite: '登录请求来自其他网站，已拒绝。请重新打开登录页面。',
    tooMany: (seconds: number) => `登录尝试过于频繁，请 ${seconds} 秒后再试`,
  },
  'en-US': {
    invalid: 'The account or password is incorrect',
    missing: 'Please enter your account and password',
    badRedirect: 'The return address after sign-in is not allowed',
    crossSite: 'The sign-in form was sent from another site and was refused. Please open the sign-in page again.',
    tooMany: (seconds: number) => `Too many sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  },
} as const;
