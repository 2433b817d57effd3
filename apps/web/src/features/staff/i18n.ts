import { addTexts, initI18n } from '../../i18n/index.ts';

// Started here too (once; it is idempotent), so the bundle can be added whatever loaded first.
initI18n();

addTexts('staff', {
  zh: {
    banner: {
      // Around "张建国 10000004": each part kept on one line (staff-banner.tsx).
      before: '以员工身份查看',
      after: '· 已审计',
      newLookup: '查询其他会员',
    },
    lookup: {
      title: '查询会员',
      label: '会员号或姓名',
      hint: '请输入完整的会员号或完整姓名（中文或英文）。每次查询和查看都会记录审计。',
      submit: '查询',
      searching: '正在查询…',
      results: '查询结果',
      none: '没有找到“{{q}}”。请核对完整的会员号或姓名。',
      truncated: '同名会员较多，只列出前 {{count}} 位。请向来电会员询问会员号。',
      open: '查看 {{name}} {{ada}}',
      joined: '{{date}} 加入',
      recent: '最近查询',
      recentEmpty: '还没有最近查询的会员。',
      clear: '清除记录',
    },
    readOnly: {
      title: '员工只读',
      body: '这个页面用于会员本人修改设置。员工查看时不能代会员修改。',
      back: '返回首页',
    },
  },
  en: {
    banner: {
      before: 'Viewing',
      after: 'as staff · audited',
      newLookup: 'Look up another',
    },
    lookup: {
      title: 'Look up a distributor',
      label: 'ABO number or name',
      hint: 'Enter the whole ABO number or the whole name (Chinese or English). Every look-up and view is audited.',
      submit: 'Look up',
      searching: 'Looking up…',
      results: 'Results',
      none: 'No one found for “{{q}}”. Check the whole ABO number or name.',
      truncated: 'Many people share this name; the first {{count}} are listed. Ask the caller for their ABO number.',
      open: 'Open {{name}} {{ada}}',
      joined: 'joined {{date}}',
      recent: 'Recent look-ups',
      recentEmpty: 'No recent look-ups yet.',
      clear: 'Clear list',
    },
    readOnly: {
      title: 'Read only for staff',
      body: "This page is where distributors change their own settings. Staff cannot change them on a distributor's behalf.",
      back: 'Back to home',
    },
  },
});
