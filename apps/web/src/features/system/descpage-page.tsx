import { href } from '@abo/contract/pages';
import type { DescriptionPage, GetConfigData } from '@abo/contract';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../components/error-block.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { post } from '../../lib/api-client.ts';
import { setSession } from '../../lib/storage.ts';
import { useLocalText } from '../../lib/use-local-text.ts';
import './descpage-i18n.ts';
import './descpage.css';
import './i18n.ts';

export async function getConfig(): Promise<GetConfigData> {
  const data = await post('/bff/v1/common/getConfig', {});
  setSession('descriptionPageList', data.descriptionPageList);
  return data;
}

/** Every explanation getConfig holds, each a link to its page (`?code=`). */
function DescList({ pages, missing }: { pages: readonly DescriptionPage[]; missing?: string }) {
  const { t } = useTranslation('descpage');
  const { tx } = useLocalText();
  return (
    <section className="card desc-list" aria-labelledby="desc-list-title">
      <h2 id="desc-list-title" className="card__title">
        {t('listTitle')}
      </h2>
      <p className="muted small" role={missing ? 'status' : undefined}>
        {missing ? t('missing', { code: missing }) : t('listIntro')}
      </p>
      {pages.length ? (
        <ul className="desc-list__items">
          {pages.map((p) => (
            <li key={p.code}>
              <Link to={href('/descpage', { code: p.code })} className="desc-list__link">
                <span>{tx(p.title)}</span>
                <RightOutline aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <ErrorBlock status="empty" title={t('empty')} />
      )}
    </section>
  );
}

/**
 * A description page from getConfig, by ?code=, rendered through the HTML allowlist; without a
 * code (or with one that names no page) the list of explanations, so the page is never a dead end.
 */
export default function DescPage() {
  const { t } = useTranslation('system');
  const { tx } = useLocalText();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const config = useQuery({ queryKey: ['common', 'getConfig'], queryFn: getConfig, staleTime: 10 * 60_000 });
  const page = code ? config.data?.descriptionPageList.find((p) => p.code.toLowerCase() === code.toLowerCase()) : undefined;
  return (
    <Page title={page ? tx(page.title) : t('desc.title')}>
      <QueryState query={config}>
        {(d) =>
          page ? (
            <article className="card prose">
              <SafeHtml html={tx(page.content)} />
            </article>
          ) : (
            <DescList pages={d.descriptionPageList} missing={code || undefined} />
          )
        }
      </QueryState>
    </Page>
  );
}
