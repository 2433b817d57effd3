export const zhCN = {
  appName: 'ABO 业绩查询',
  notFound: {
    title: '页面不存在',
    body: '您访问的页面不存在或已移动。',
    home: '返回首页',
  },
  error: {
    title: '页面出错了',
    body: '很抱歉，页面加载时出现问题。请重试，若仍有问题请联系客服。',
    retry: '重新加载',
  },
  loading: '加载中…',
};
export type Messages = typeof zhCN;
