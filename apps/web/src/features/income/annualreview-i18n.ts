import { i18n } from '../../i18n/index.ts';

// The year in review's share mode (its other texts, the long-press view's too, are the income area's), loaded with its route chunk.
i18n.addResourceBundle('zh-CN', 'annualreview', {
  hideAmounts: '图片中隐藏金额',
  hideAmountsNote: '直销行业不得在分享内容中宣传收入：隐藏金额时，图片只展示荣衔与计划成就。',
  pin: '当前荣衔',
  plansMet: '达成激励计划',
});
i18n.addResourceBundle('en-US', 'annualreview', {
  hideAmounts: 'Hide amounts in the image',
  hideAmountsNote:
    'Income claims in shared content are restricted for direct sellers: with amounts hidden, the image shows pins and plans only.',
  pin: 'Current pin',
  plansMet: 'Incentive plans achieved',
});
