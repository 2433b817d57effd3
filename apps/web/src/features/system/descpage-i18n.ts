import { i18n } from '../../i18n/index.ts';

// The description page's own texts (the list of explanations), loaded with its route chunk.
i18n.addResourceBundle('zh-CN', 'descpage', {
  listTitle: '名词与规则说明',
  listIntro: '点按一项查看说明。',
  missing: '没有找到“{{code}}”这篇说明，可以从下面的说明中选择。',
  empty: '暂时没有说明。',
});
i18n.addResourceBundle('en-US', 'descpage', {
  listTitle: 'Terms and rules explained',
  listIntro: 'Tap one to read it.',
  missing: 'There is no explanation “{{code}}”; choose one of these instead.',
  empty: 'No explanations yet.',
});
