import type { Messages } from './zh-CN.ts';

export const enUS: Messages = {
  appName: 'ABO Inquiry',
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Back to home',
  },
  error: {
    title: 'Something went wrong',
    body: 'Sorry, this page failed to load. Please try again; if it keeps happening, contact customer service.',
    retry: 'Reload',
  },
  nav: { back: 'Back', home: 'Home', incentive: 'Incentives', achievement: 'Achievement', income: 'Income', logout: 'Sign out' },
  refresh: { pulling: 'Pull to refresh', release: 'Release to refresh', refreshing: 'Refreshing…', done: 'Updated' },
  state: {
    errorTitle: 'Could not load',
    errorText: 'The data could not be loaded just now. Please try again.',
    retry: 'Retry',
    emptyTitle: 'Nothing here yet',
    emptyText: 'There is nothing to show here yet.',
  },
  status: { met: 'Met', onTrack: 'On track', atRisk: 'At risk', outOfReach: 'Out of reach', missed: 'Missed' },
  help: { howCalculated: 'How is this calculated?' },
  history: {
    noData: 'No data',
    startsIn:
      'The records start in {{month}}: the months before it have no data. They are not closed months with 0 PV and do not count toward any figure or pace.',
  },
  loading: 'Loading…',
  request: {
    loading: 'Loading…',
    networkError: 'Network error. Check your connection and try again.',
    retry: 'Network anomaly, please retry',
    queryExpired: 'The query has expired, please query again',
    serverError: 'Server error, please try again later',
    badRequest: 'The request was not valid. Please check it and try again.',
    forbidden: 'You do not have permission to view this',
    notFound: 'What you asked for was not found',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
  },
};
