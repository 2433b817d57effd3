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
  nav: { back: '返回', home: '首页', incentive: '激励计划', achievement: '业绩追踪', income: '收入查询', logout: '退出登录' },
  refresh: { pulling: '下拉刷新', release: '释放立即刷新', refreshing: '刷新中…', done: '已更新' },
  state: {
    errorTitle: '加载失败',
    errorText: '数据暂时无法加载，请重试。',
    retry: '重试',
    emptyTitle: '暂无数据',
    emptyText: '这里还没有可显示的内容。',
  },
  status: { met: '已达成', onTrack: '进度正常', atRisk: '有风险', outOfReach: '无法达成', missed: '未达成' },
  help: { howCalculated: '如何计算？' },
  history: {
    noData: '无数据',
    startsIn: '数据记录自{{month}}起：此前的月份无数据，不算作0业绩的已结算月份，也不计入统计与进度。',
  },
  loading: '加载中…',
  request: {
    loading: '加载中…',
    networkError: '网络错误，请检查网络后重试',
    retry: '网络异常，请重试',
    queryExpired: '查询已过期，请重新查询',
    serverError: '服务器错误，请稍后再试',
    badRequest: '请求有误，请检查后重试',
    forbidden: '您没有查看此内容的权限',
    notFound: '没有找到要查询的内容',
    rateLimited: '操作太频繁，请稍后再试',
  },
};
export type Messages = typeof zhCN;
