import type { Channel } from '@abo/contract';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { TableCard } from '../../components/data-table/table-card.tsx';
import { Page } from '../../components/page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { BUILD_ID } from '../../config/env.ts';
import { post } from '../../lib/api-client.ts';
import { channelId } from '../../lib/channel.ts';
import { getSession } from '../../lib/storage.ts';
import NotFoundPage from './not-found-page.tsx';
import './i18n.ts';

/**
 * Who may open the diagnostics: staff (iinquiry, signed in with their tokens) on a call, or a
 * debugging build: `VITE_DEBUG_PAGE=1` at build time, or `?debug=1` on the development server
 * (never in a production build). Everyone else gets the not-found page: a distributor has no
 * use for it, and it names the session's channel, ids and build.
 */
function canSeeDiagnostics(search: string): boolean {
  if (getSession('channel') === 'iinquiry' && !!getSession('adaToken')) return true;
  const env = import.meta.env;
  if (env['VITE_DEBUG_PAGE'] === '1') return true;
  return !env.PROD && new URLSearchParams(search).get('debug') === '1';
}

/** /test: diagnostics for support, or the not-found page for those who may not see them. */
export default function TestPage() {
  const { search } = useLocation();
  return canSeeDiagnostics(search) ? <Diagnostics /> : <NotFoundPage />;
}

/** What this session knows about itself, never the token values. */
function Diagnostics() {
  const { t, i18n } = useTranslation('system');
  const channel = (getSession('channel') ?? 'ebiz') as Channel;
  const hasTokens = channel === 'iinquiry' ? !!getSession('adaToken') : !!getSession('accessToken') && !!getSession('idToken');
  const bridge = typeof (window as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge !== 'undefined';
  const rows: Array<[string, string]> = [
    [t('test.channel'), channel],
    [t('test.channelId'), String(channelId(channel) ?? '—')],
    [t('test.ada'), getSession('loginAda') ?? '—'],
    [t('test.appVersion'), getSession('appVersion') ?? '—'],
    [t('test.sid'), getSession('SID') ?? '—'],
    [t('test.tokens'), hasTokens ? t('test.present') : t('test.absent')],
    [t('test.usedTokens'), String(getSession('_sessionToken')?.length ?? 0)],
    [t('test.bridge'), bridge ? t('test.bridgeYes') : t('test.bridgeNo')],
    [t('test.language'), i18n.language],
    [t('test.build'), BUILD_ID],
    [t('test.userAgent'), navigator.userAgent],
  ];
  const trail = useQuery({
    queryKey: ['common', 'auditTrail'],
    queryFn: () => post('/bff/v1/common/auditTrail', {}, { loading: false }),
    enabled: channel === 'iinquiry',
  });
  return (
    <Page title={t('test.title')}>
      <section className="card">
        <List>
          {rows.map(([label, value]) => (
            <List.Item
              key={label}
              extra={
                <span className="num diag-value" data-testid={`diag-${label}`}>
                  {value}
                </span>
              }
            >
              {label}
            </List.Item>
          ))}
        </List>
      </section>
      {channel === 'iinquiry' ? (
        <TableCard id="audit-title" title={t('test.audit')}>
          <QueryState query={trail} isEmpty={(d) => d.entries.length === 0} emptyText={t('test.auditEmpty')}>
            {(d) => (
              <DataTable
                columns={[
                  { key: 'when', header: t('test.auditWhen'), cell: (e) => new Date(e.at).toLocaleString(i18n.language) },
                  { key: 'whom', header: t('test.auditWhom'), numeric: true, cell: (e) => e.subjectAda },
                  { key: 'what', header: t('test.auditWhat'), cell: (e) => e.action },
                ]}
                rows={d.entries}
                rowKey={(e, i) => `${e.at}-${i}`}
              />
            )}
          </QueryState>
        </TableCard>
      ) : null}
    </Page>
  );
}
