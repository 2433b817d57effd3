import { addTexts } from '../../i18n/index.ts';

// The texts only type-page.tsx shows; those several pages show are in i18n.ts.
addTexts('income', {
  zh: {
    pageHints: {
      servicefee: '每月结单：各项服务费、扣税与实发',
      query: '选择起止月份，查看期间收入',
      promotionservicefee: '按一线市场查看档次差额',
      pretaxdetails: '税前、代扣个税与实发到卡',
      distributorannualincome: '业绩年度 12 个月收入',
      commissiondetail: '每项服务费的计算基数与比例',
      annualtaxable: '综合所得年度汇算预估',
      annualreview: '一年回顾，可保存为图片分享',
    },
    latestMonth: '最近结单：{{month}}',
    thisPy: '{{py}} 业绩年度累计',
    typesTitle: '服务费类型',
    typesHint: '本业绩年度各项合计与最近一个月金额',
    latestAmount: '最近一月',
    pyAmount: '本年度累计',
    pagesTitle: '查询入口',
  },
  en: {
    pageHints: {
      servicefee: 'Each month: the fees, the tax withheld and the net paid',
      query: 'Choose a start and end month to see the period',
      promotionservicefee: 'The bracket differential, leg by leg',
      pretaxdetails: 'Pre-tax, tax withheld and net paid to your card',
      distributorannualincome: 'The 12 months of a performance year',
      commissiondetail: 'Each fee with its base volume and rate',
      annualtaxable: 'Estimate of the annual comprehensive-income settlement',
      annualreview: 'Your year at a glance, to save as an image',
    },
    latestMonth: 'Latest statement: {{month}}',
    thisPy: 'PY {{py}} so far',
    typesTitle: 'Kinds of service fee',
    typesHint: 'Each kind this PY and in the latest month',
    latestAmount: 'Latest month',
    pyAmount: 'This PY',
    pagesTitle: 'Income pages',
  },
});
