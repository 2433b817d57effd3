import type { GetConfigData } from '@abo/contract';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from '../../components/error-block.tsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { post } from '../../lib/api-client.ts';
import { setSession } from '../../lib/storage.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import './i18n.ts';

export async function getConfig(): Promise<GetConfigData> {
  const data = await post('/bff/v1/common/getConfig', {});
  setSession('descriptionPageList', data.descriptionPageList);
  return data;
}

/** A description page from getConfig, by ?code=, rendered through the HTML allowlist. */
export default function DescPage() {
  const { t } = useTranslation('system');
  const { tx } = useLocalText();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const config = useQuery({ queryKey: ['common', 'getConfig'], queryFn: getConfig, staleTime: 10 * 60_000 });
  const page = config.data?.descriptionPageList.find((p) => p.code.toLowerCase() === code.toLowerCase());
  return (
    <Page title={page ? tx(page.title) : t('desc.title')}>
      <QueryState query={config}>
        {() =>
          page ? (
            <article className="card prose">
              <SafeHtml html={tx(page.content)} />
            </article>
          ) : (
            <div className="card">
              <ErrorBlock status="empty" title={t('desc.missing')} description={code} />
            </div>
          )
        }
      </QueryState>
    </Page>
  );
}
