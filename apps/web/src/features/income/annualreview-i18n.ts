import { addTexts } from '../../i18n/index.ts';

// The year in review's share mode, loaded with its route chunk; the page's income texts below.
addTexts('annualreview', {
  zh: {
    hideAmounts: '图片中隐藏金额',
    hideAmountsNote: '直销行业不得在分享内容中宣传收入：隐藏金额时，图片只展示荣衔与计划成就。',
    pin: '当前荣衔',
    plansMet: '达成激励计划',
  },
  en: {
    hideAmounts: 'Hide amounts in the image',
    hideAmountsNote:
      'Income claims in shared content are restricted for direct sellers: with amounts hidden, the image shows pins and plans only.',
    pin: 'Current pin',
    plansMet: 'Incentive plans achieved',
  },
});

// The income texts only the year in review shows (the income area's shared ones are in i18n.ts).
addTexts('income', {
  zh: {
    exporting: '正在生成…',
    exportDone: '已下载',
    exportFailed: '导出失败，请重试',
    saveImage: '保存图片',
    reviewTitle: '{{name}} 的 {{py}} 年度回顾',
    netTotal: '全年实发',
    pretaxTotal: '全年税前',
    bestMonth: '最佳月份',
    growth: '较上一年度同期',
    growthNone: '上一年度无收入，无法比较',
    previousPy: '{{py}} 同期（{{months}}）实发 {{amount}}',
    firstMonths_other: '前 {{count}} 个月',
    pinsReached: '本年度新达成荣衔',
    noNewPin: '本年度暂无新荣衔',
    currentPin: '当前荣衔：{{pin}}',
    plansMet: '已达成的激励计划',
    noPlansMet: '暂无已达成的计划（共评估 {{n}} 项）',
    plansCount: '共评估 {{n}} 项计划',
    monthsPaid: '有收入月份',
  },
  en: {
    exporting: 'Preparing…',
    exportDone: 'Downloaded',
    exportFailed: 'Export failed, please retry',
    saveImage: 'Save image',
    reviewTitle: "{{name}}'s year in review, PY {{py}}",
    netTotal: 'Net paid this year',
    pretaxTotal: 'Pre-tax this year',
    bestMonth: 'Best month',
    growth: 'vs the same months of the previous PY',
    growthNone: 'No income in the previous PY to compare with',
    previousPy: 'PY {{py}}, {{months}}: {{amount}} net',
    firstMonths_one: 'first month',
    firstMonths_other: 'first {{count}} months',
    pinsReached: 'Pins reached this year',
    noNewPin: 'No new pin this year',
    currentPin: 'Current pin: {{pin}}',
    plansMet: 'Incentive plans achieved',
    noPlansMet: 'No plan achieved yet ({{n}} evaluated)',
    plansCount: '{{n}} plans evaluated',
    monthsPaid: 'Months with income',
  },
});
