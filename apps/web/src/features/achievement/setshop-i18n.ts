import { addTexts } from '../../i18n/index.ts';

// The texts only setshop-page.tsx shows; those several pages show are in i18n.ts.
addTexts('achievement', {
  zh: {
    shop: {
      current: '当前服务店铺',
      none: '尚未选择服务店铺',
      choose: '选择服务店铺',
      saved: '服务店铺已保存',
      savedAt: '保存于 {{time}}',
      phone: '电话',
      source: '所选店铺保存在您的个人设置中。',
    },
  },
  en: {
    shop: {
      current: 'Current service shop',
      none: 'No service shop chosen yet',
      choose: 'Choose a service shop',
      saved: 'Service shop saved',
      savedAt: 'Saved {{time}}',
      phone: 'Phone',
      source: 'The chosen shop is saved in your personal settings.',
    },
  },
});
