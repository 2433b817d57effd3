import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUSLocale from 'antd-mobile/es/locales/en-US';
import zhCNLocale from 'antd-mobile/es/locales/zh-CN';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return <ConfigProvider locale={current.language === 'en-US' ? enUSLocale : zhCNLocale}>{children}</ConfigProvider>;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
