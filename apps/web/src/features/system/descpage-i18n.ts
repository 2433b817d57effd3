import { addTexts } from '../../i18n/index.ts';

// The description page's own texts (the list of explanations), loaded with its route chunk.
addTexts('descpage', {
  zh: {
    listTitle: '名词与规则说明',
    listIntro: '点按一项查看说明。',
    missing: '没有找到“{{code}}”这篇说明，可以从下面的说明中选择。',
    empty: '暂时没有说明。',
  },
  en: {
    listTitle: 'Terms and rules explained',
    listIntro: 'Tap one to read it.',
    missing: 'There is no explanation “{{code}}”; choose one of these instead.',
    empty: 'No explanations yet.',
  },
});
