import { addTexts } from '../../i18n/index.ts';

// The texts only annualtaxable-page.tsx shows; those several pages show are in i18n.ts.
addTexts('income', {
  zh: {
    calendarYear: '纳税年度',
    taxCertificate: '收入及扣税证明 PDF',
    gross: '全年发放的服务费（税前）',
    incomeRatio: '劳务报酬按 {{percent}}% 计入综合所得',
    basicDeduction: '基本减除费用',
    annualTax: '全年应纳税额',
    withheld: '年内已预扣',
    toPay: '汇算需补税',
    toRefund: '汇算可退税',
    settled: '无需补退',
    yearSoFar: '{{year}} 年尚未结束，以下按已有结单计算。',
    taxChart: '{{year}} 年各月发放的收入与预扣税',
    byPaymentDate: '按发放日期计入纳税年度：每月结单在次月发放，12 月的结单计入下一年。',
    paidInYear: '{{year}} 年发放的结单',
    taxNote: '仅计入本平台服务费；工资薪金、专项扣除等其他所得与扣除未计入，以税务机关汇算为准。',
  },
  en: {
    calendarYear: 'Tax year',
    taxCertificate: 'Income and tax certificate PDF',
    gross: 'Service fee income paid in the year (pre-tax)',
    incomeRatio: 'Remuneration counts at {{percent}}% towards comprehensive income',
    basicDeduction: 'Basic deduction',
    annualTax: 'Annual tax',
    withheld: 'Withheld during the year',
    toPay: 'To pay at settlement',
    toRefund: 'Refund at settlement',
    settled: 'Nothing to pay or refund',
    yearSoFar: '{{year}} is not over yet; figures use the statements so far.',
    taxChart: 'Income paid and tax withheld by month, {{year}}',
    byPaymentDate:
      "Counted by payment date: each month's statement is paid the month after, so a December statement counts in the next year.",
    paidInYear: 'Statements paid in {{year}}',
    taxNote:
      'Counts only the service fees shown here; salaries, special deductions and other income are not included. The tax office settlement is authoritative.',
  },
});
