import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { IDP_IFRAME_URL } from '../../config/env.ts';
import './i18n.ts';
import './login.css';

interface SignedInMessage {
  type: 'abo-idp:signed-in';
  data: { sessionToken: string };
}

function isSignedIn(data: unknown): data is SignedInMessage {
  const m = data as SignedInMessage | null;
  return !!m && m.type === 'abo-idp:signed-in' && typeof m.data?.sessionToken === 'string';
}

/** The framed form's height, as it reports it (apps/bff/src/routes/idp/login-assets.ts). */
function sizeOf(data: unknown): number | null {
  const m = data as { type?: unknown; data?: { height?: unknown } } | null;
  const height = m?.type === 'abo-idp:size' ? m.data?.height : undefined;
  return typeof height === 'number' && Number.isFinite(height) ? height : null;
}

/** Bounds for the height the form reports: the frame never collapses nor grows past a screen. */
const FRAME_MIN = 200;
const FRAME_MAX = 900;

/** Only same-app paths are valid return targets (no open redirect through `from`). */
export function safeFrom(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/';
  return from;
}

/**
 * PC sign-in (docs/contract.md §2): the identity provider's form in an iframe; its token
 * fetch hands back a one-time session token, and we go back to `from` with
 * it, where the guard exchanges it.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation('system');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safeFrom(params.get('from'));
  const idpOrigin = new URL(IDP_IFRAME_URL, window.location.href).origin;

  const src = useMemo(() => {
    const url = new URL(IDP_IFRAME_URL, window.location.href);
    url.searchParams.set('display', 'iframe');
    url.searchParams.set('lang', i18n.language === 'en-US' ? 'en' : 'zh');
    url.searchParams.set('redirect_uri', `${window.location.origin}/front/login`);
    return url.href;
  }, [i18n.language]);

  const frame = useRef<HTMLIFrameElement>(null);
  // The form's own height once it reports it; until then (or from an IdP that does not) the
  // stylesheet's, which fits the form.
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== idpOrigin) return;
      const size = sizeOf(event.data);
      if (size !== null && event.source === frame.current?.contentWindow) {
        setHeight(Math.min(FRAME_MAX, Math.max(FRAME_MIN, size)));
        return;
      }
      if (!isSignedIn(event.data)) return;
      const target = new URL(from, window.location.origin);
      target.searchParams.set('sessionToken', event.data.data.sessionToken);
      void navigate(target.pathname + target.search, { replace: true });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [from, idpOrigin, navigate]);

  return (
    <Page title={t('login.title')} back={false}>
      <section className="card login-card">
        <p className="muted login-card__intro">{t('login.intro')}</p>
        <iframe
          ref={frame}
          className="login-frame"
          src={src}
          title={t('login.frameTitle')}
          style={height === null ? undefined : { height }}
        />
      </section>
    </Page>
  );
}
