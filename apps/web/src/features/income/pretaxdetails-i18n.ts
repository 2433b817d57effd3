import { addTexts } from '../../i18n/index.ts';

// The texts only pretaxdetails-page.tsx shows; those several pages show are in i18n.ts.
addTexts('income', {
  zh: {
    deduction: '减除费用',
    taxFormula: '应纳税所得额 × 预扣率 − 速算扣除数',
    payee: '收款信息',
    payeeName: '收款人',
    bankName: '开户银行',
    bankCard: '银行卡号',
    nationalId: '身份证号',
    privacyNote: '为保护您的隐私，卡号与证件号已部分隐藏。',
  },
  en: {
    deduction: 'Deduction',
    taxFormula: 'taxable income × rate − quick deduction',
    payee: 'Paid to',
    payeeName: 'Payee',
    bankName: 'Bank',
    bankCard: 'Bank card',
    nationalId: 'National ID',
    privacyNote: 'Card and ID numbers are partly hidden to protect your privacy.',
  },
});
