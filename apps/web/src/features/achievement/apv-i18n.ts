import { addTexts } from '../../i18n/index.ts';

// The texts only apv-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    apvPage: {
      spMonths: '本年度 SP 月（含本月至今）',
      cumulative: '本年度累计 APV（含本月至今）',
      cum: '累计',
      rule: 'SP 月规则：APV ≥ {{alone}}；或 APV ≥ {{one}} 且 1 条 Q 线；或 {{legs}} 条 Q 线。',
    },
  },
  en: {
    apvPage: {
      spMonths: 'SP months this PY (this month to date included)',
      cumulative: 'Cumulative APV this PY (this month to date included)',
      cum: 'Cumulative',
      rule: 'SP month: APV ≥ {{alone}}; or APV ≥ {{one}} with 1 Q leg; or {{legs}} Q legs.',
    },
  },
});
