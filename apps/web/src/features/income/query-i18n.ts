import { addTexts } from '../../i18n/index.ts';

// The texts only query-page.tsx shows; those several pages show are in i18n.ts.
addTexts('income', {
  zh: {
    from: '起始月份',
    to: '结束月份',
    exportXlsx: '导出 Excel',
    exportCsv: '导出 CSV',
    exportRange: '导出所选期间',
    invalidRange: '起始月份不能晚于结束月份',
    chooseRange: '请选择起止月份',
    rangeTitle: '{{from}} 至 {{to}}',
  },
  en: {
    from: 'From',
    to: 'To',
    exportXlsx: 'Export Excel',
    exportCsv: 'Export CSV',
    exportRange: 'Export the chosen months',
    invalidRange: 'The start month cannot be after the end month',
    chooseRange: 'Choose a start and end month',
    rangeTitle: '{{from}} to {{to}}',
  },
});
