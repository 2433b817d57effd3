import { i18n } from '../../../../i18n/index.ts';

// The team tree's paging of a member's children (team-tree-view.tsx): the row after the loaded
// children that loads the next page. Kept with the tree's chunk, not the market pages' texts.
i18n.addResourceBundle('zh-CN', 'teamTree', {
  showMore: '再显示 {{n}} 位（共 {{total}} 位）',
  loadingMore: '正在加载其余 {{n}} 位…',
  moreError: '这些成员加载失败，按 Enter 或点击重试',
  keysMore: '在“再显示”一行按 Enter 加载后面的成员。',
  opening: '正在展开到该成员…',
});

i18n.addResourceBundle('en-US', 'teamTree', {
  showMore: 'Show {{n}} more (of {{total}})',
  loadingMore: 'Loading {{n}} more…',
  moreError: 'These members could not be loaded; press Enter or click to retry',
  keysMore: 'Enter on “Show more” loads the next members.',
  opening: 'Opening the way to this member…',
});
