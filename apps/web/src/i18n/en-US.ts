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
  loading: 'Loading…',
};
